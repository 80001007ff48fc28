import { PlanTopic } from './assistant.types';
import { answeredPhrase, formatPeople, subjectColumnParts, subjectOpening } from './narrative-subject';

const topic = (extra: Partial<PlanTopic>): PlanTopic => ({
  question: 'streaming_services_used',
  questionName: 'Video streaming services used',
  datapoints: [
    { code: 'netflix', name: 'Netflix' },
    { code: 'disney_plus', name: 'Disney+' },
  ],
  suffix: null,
  ...extra,
});

describe('subjectColumnParts', () => {
  it('a plain topic has no subject columns', () => {
    expect(subjectColumnParts(topic({}), topic({}).datapoints)).toBeNull();
  });

  it('both: one column of respondents with every answer (min_count = all of them)', () => {
    const [c, ...rest] = subjectColumnParts(topic({ combine: 'all' }), topic({}).datapoints) ?? [];
    expect(rest).toEqual([]);
    expect(c.expression).toEqual({ question: 'streaming_services_used', datapoints: ['netflix', 'disney_plus'], min_count: 2 });
    expect(c.datapoint.name).toBe('Netflix and Disney+');
  });

  it('either: one column of respondents with any of them; at least N: min_count N', () => {
    expect(subjectColumnParts(topic({ combine: 'any' }), topic({}).datapoints)?.[0].expression).toEqual({
      question: 'streaming_services_used',
      datapoints: ['netflix', 'disney_plus'],
    });
    const three = [...topic({}).datapoints, { code: 'hulu', name: 'Hulu' }];
    expect(subjectColumnParts(topic({ combine: 'at-least', minCount: 2, datapoints: three }), three)?.[0].expression).toMatchObject({ min_count: 2 });
  });

  it('a negated topic: a not leaf per answer, or not on the combined leaf (neither ... nor)', () => {
    const one = [{ code: 'netflix', name: 'Netflix' }];
    expect(subjectColumnParts(topic({ negate: true, datapoints: one }), one)?.map((c) => c.expression)).toEqual([
      { question: 'streaming_services_used', datapoints: ['netflix'], not: true },
    ]);
    const neither = subjectColumnParts(topic({ combine: 'any', negate: true }), topic({}).datapoints)?.[0];
    expect(neither?.expression).toEqual({ question: 'streaming_services_used', datapoints: ['netflix', 'disney_plus'], not: true });
    expect(neither?.datapoint.name).toBe('none of Netflix or Disney+');
    expect(subjectColumnParts(topic({ negate: true, datapoints: one }), one)?.[0].datapoint.name).toBe('not Netflix');
    expect(neither?.key).not.toBe(subjectColumnParts(topic({ combine: 'any' }), topic({}).datapoints)?.[0].key);
  });

  it('keeps the suffix of a grid on the combined leaf', () => {
    const parts = subjectColumnParts(topic({ combine: 'all', suffix: { code: '3', name: 'Used or bought' } }), topic({}).datapoints);
    expect(parts?.[0].expression).toMatchObject({ suffixes: ['3'], min_count: 2 });
  });
});

describe('the words of a subject', () => {
  it('says what was counted', () => {
    const [neg] = subjectColumnParts(topic({ negate: true, datapoints: [{ code: 'netflix', name: 'Netflix' }] }), [{ code: 'netflix', name: 'Netflix' }]) ?? [];
    expect(answeredPhrase('Netflix', 'Video streaming services used', neg.subject, null)).toBe('did not answer “Netflix” to “Video streaming services used”');
    expect(answeredPhrase('Netflix', 'Q', undefined, null)).toBe('answered “Netflix” to “Q”');
    expect(subjectOpening(topic({ combine: 'all' }))).toBe('answered every one of “Netflix” and “Disney+” to “Video streaming services used”');
    expect(subjectOpening(topic({ combine: 'any', negate: true }))).toBe('answered none of “Netflix” or “Disney+” to “Video streaming services used”');
    expect(subjectOpening(topic({}))).toBeNull();
  });

  it('gives large numbers of people in millions beside the exact projection', () => {
    expect(formatPeople(12_345_678.4)).toBe('about 12,345,678 people (12.3 million)');
    expect(formatPeople(200_000)).toBe('about 200,000 people');
  });
});

describe('a subject across questions', () => {
  const cross = topic({
    question: 'social_platform_usage',
    questionName: 'Social media platforms used',
    datapoints: [{ code: 'tiktok', name: 'TikTok' }],
    combine: 'any',
    also: [
      { question: 'streaming_services_used', questionName: 'Video streaming services used', datapoints: [{ code: 'netflix', name: 'Netflix' }], suffix: null },
    ],
  });

  it('one column: an or of a leaf per question, not on it when negated', () => {
    expect(subjectColumnParts(cross, cross.datapoints)?.map((c) => c.expression)).toEqual([
      {
        or: [
          { question: 'social_platform_usage', datapoints: ['tiktok'] },
          { question: 'streaming_services_used', datapoints: ['netflix'] },
        ],
      },
    ]);
    expect(subjectColumnParts({ ...cross, combine: 'all', negate: true }, cross.datapoints)?.[0].expression).toEqual({
      and: [
        { question: 'social_platform_usage', datapoints: ['tiktok'] },
        { question: 'streaming_services_used', datapoints: ['netflix'] },
      ],
      not: true,
    });
  });

  it('names each answer with its question', () => {
    expect(subjectOpening(cross)).toBe('answered at least one of “TikTok” to “Social media platforms used” or “Netflix” to “Video streaming services used”');
  });
});

describe('answers given and answers not given ("TikTok but not Instagram")', () => {
  const butNot = topic({
    question: 'social_platform_usage',
    questionName: 'Social media platforms used',
    datapoints: [{ code: 'tiktok', name: 'TikTok' }],
    combine: 'all',
    also: [
      {
        question: 'social_platform_usage',
        questionName: 'Social media platforms used',
        datapoints: [
          { code: 'instagram', name: 'Instagram' },
          { code: 'facebook', name: 'Facebook' },
        ],
        suffix: null,
        not: true,
      },
    ],
  });

  it('one column: the given leaf and a not leaf of the excluded answers (none of them)', () => {
    const [column] = subjectColumnParts(butNot, butNot.datapoints) ?? [];
    expect(column.expression).toEqual({
      and: [
        { question: 'social_platform_usage', datapoints: ['tiktok'] },
        { question: 'social_platform_usage', datapoints: ['instagram', 'facebook'], not: true },
      ],
    });
    expect(column.datapoint.name).toBe('TikTok but not Instagram or Facebook');
    expect(column.key).not.toBe(subjectColumnParts({ ...butNot, also: [{ ...butNot.also![0], not: false }] }, butNot.datapoints)?.[0].key);
  });

  it('says which answers were given and which were not', () => {
    expect(subjectOpening(butNot)).toBe('answered “TikTok” but none of “Instagram” or “Facebook” to “Social media platforms used”');
    const one = { ...butNot, also: [{ ...butNot.also![0], datapoints: [{ code: 'instagram', name: 'Instagram' }] }] };
    expect(subjectOpening(one)).toBe('answered “TikTok” but not “Instagram” to “Social media platforms used”');
  });
});
