import {
  describe as label,
  emptyGroup,
  emptyLeaf,
  fromExpression,
  isComplete,
  type GroupNode,
  nodeAt,
  pointerOf,
  removeAt,
  toExpression,
  updateAt,
} from './expression-model';

const leaf = (question: string, datapoints: string[] = [], extra: object = {}) => ({ ...emptyLeaf(), question, datapoints, ...extra });

describe('the expression model of the audience builder', () => {
  const tree: GroupNode = {
    kind: 'group',
    op: 'and',
    not: false,
    children: [
      leaf('core.gender', ['female']),
      {
        kind: 'group',
        op: 'or',
        not: true,
        children: [leaf('core.age_group', ['16_24']), leaf('core.social_platform_usage', ['tiktok', 'instagram'], { minCount: 2, suffixes: ['1'] })],
      },
    ],
  };

  it('makes the standard form the API takes: and / or, not, datapoints, suffixes, min_count', () => {
    expect(toExpression(tree)).toEqual({
      and: [
        { question: 'core.gender', datapoints: ['female'] },
        {
          or: [
            { question: 'core.age_group', datapoints: ['16_24'] },
            { question: 'core.social_platform_usage', datapoints: ['tiktok', 'instagram'], suffixes: ['1'], min_count: 2 },
          ],
          not: true,
        },
      ],
    });
    expect(toExpression(emptyGroup())).toEqual({});
    expect(toExpression({ ...emptyGroup(), not: true })).toEqual({ not: true });
  });

  it('reads a saved expression back into the same tree', () => {
    expect(toExpression(fromExpression(toExpression(tree)))).toEqual(toExpression(tree));
    expect(fromExpression({ question: 'core.gender', datapoints: ['male'] })).toEqual({ ...emptyGroup(), children: [leaf('core.gender', ['male'])] });
  });

  it("points at a node the way the API's field problems do (a group of one is sent as its child)", () => {
    expect(pointerOf(tree, [1, 1])).toBe('/and/1/or/1');
    expect(pointerOf(tree, [0])).toBe('/and/0');
    const single: GroupNode = { ...emptyGroup(), children: [leaf('q')] };
    expect(pointerOf(single, [0])).toBe('');
    expect(toExpression(single)).toEqual({ question: 'q' });
  });

  it('changes and removes nodes without touching the rest', () => {
    const changed = updateAt(tree, [1, 0], (n) => ({ ...n, not: true }));
    expect(nodeAt(changed, [1, 0])).toMatchObject({ question: 'core.age_group', not: true });
    expect(nodeAt(tree, [1, 0])).toMatchObject({ not: false });
    const removed = removeAt(tree, [1]) as GroupNode;
    expect(removed.children).toHaveLength(1);
    expect(isComplete(tree)).toBe(true);
    expect(isComplete({ ...tree, children: [...tree.children, emptyLeaf()] })).toBe(false);
  });

  it('describes an expression in words', () => {
    expect(label(tree)).toBe('(core.gender: female and not (core.age_group: 16_24 or core.social_platform_usage: tiktok, instagram))');
  });
});
