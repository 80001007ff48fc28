import { resolvePeriodReference } from './brief-period-ref';

describe('resolvePeriodReference', () => {
  it('reads "since then" as since the one point in time the context names', () => {
    expect(resolvePeriodReference('Has TikTok use gone up since then?', 'The client relaunched in Q1 2025 with a TikTok push.')).toBe(
      'Has TikTok use gone up since q1 2025?',
    );
    expect(resolvePeriodReference('How has it changed since the launch?', 'The app launched in March 2025.')).toBe('How has it changed since march 2025?');
  });
  it('leaves the question when the context names several points in time, or none', () => {
    expect(resolvePeriodReference('Has it grown since then?', 'We launched in 2024 and relaunched in Q2 2025.')).toBe('Has it grown since then?');
    expect(resolvePeriodReference('Has it grown since then?', 'We relaunched the app.')).toBe('Has it grown since then?');
  });
});
