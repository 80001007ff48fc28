import { jsonDepthExceeds } from './json-depth';

const nest = (depth: number): unknown => {
  let v: unknown = {};
  for (let i = 1; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays as levels, scalars as none', () => {
    expect(jsonDepthExceeds(5, 0)).toBe(false);
    expect(jsonDepthExceeds({ a: 1 }, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [1] }, 1)).toBe(true);
    expect(jsonDepthExceeds(nest(100), 100)).toBe(false);
    expect(jsonDepthExceeds(nest(101), 100)).toBe(true);
  });

  it('walks 200,000 levels without recursion', () => {
    expect(jsonDepthExceeds(nest(200_000), 100)).toBe(true);
  });
});
