import { Expression } from './expression';
import { matches, referenceMetric, RespondentAnswer, RespondentRecord } from './reference-evaluator';

function respondent(id: number, answers: RespondentAnswer[], wave = 'w1', location = 'gb', weight = 1): RespondentRecord {
  return { id, wave, location, weight, answers };
}

const a = (question: string, datapoint: string, suffix?: string): RespondentAnswer =>
  suffix === undefined ? { question, datapoint } : { question, datapoint, suffix };

describe('matches: leaves', () => {
  const r = respondent(1, [a('q', 'x'), a('q', 'y'), a('brand', 'nike', '1'), a('brand', 'nike', '2'), a('brand', 'puma', '2')]);

  it('matches any listed datapoint by default', () => {
    expect(matches({ kind: 'leaf', question: 'q', datapoints: ['x', 'z'] }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', datapoints: ['z'] }, r)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'other', datapoints: ['x'] }, r)).toBe(false);
  });

  it('needs min_count of the listed datapoints', () => {
    expect(matches({ kind: 'leaf', question: 'q', datapoints: ['x', 'y', 'z'], minCount: 2 }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', datapoints: ['x', 'y', 'z'], minCount: 3 }, r)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'q', datapoints: ['x', 'z'], minCount: 2 }, r)).toBe(false);
  });

  it('counts any datapoint of the question when none are listed, distinct datapoints for min_count', () => {
    expect(matches({ kind: 'leaf', question: 'q' }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', datapoints: [], minCount: 2 }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', minCount: 3 }, r)).toBe(false);
    // nike was given twice (two suffixes): still one datapoint.
    expect(matches({ kind: 'leaf', question: 'brand', minCount: 2 }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['nike'], minCount: 1 }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'unasked' }, r)).toBe(false);
  });

  it('asked: the questions the record lists as asked, and every question answered; "no datapoints" stays "answered it"', () => {
    const routed: RespondentRecord = { ...respondent(2, [a('q', 'x')]), asked: ['multi'] };
    expect(matches({ kind: 'leaf', question: 'multi', asked: true }, routed)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'multi' }, routed)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'q', asked: true }, routed)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'other', asked: true }, routed)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'other', asked: true, not: true }, routed)).toBe(true);
  });

  it('counts a datapoint only with one of the listed suffixes (OR), whatever their wire type', () => {
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['puma'], suffixes: ['1'] }, r)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['puma'], suffixes: ['1', '2'] }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['puma'], suffixes: [2] }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['nike', 'puma'], suffixes: ['1'], minCount: 2 }, r)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'brand', datapoints: ['nike', 'puma'], suffixes: ['2'], minCount: 2 }, r)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', suffixes: ['1'] }, r)).toBe(false);
    expect(matches({ kind: 'leaf', question: 'q', suffixes: [] }, r)).toBe(true);
  });
});

describe('matches: combinators, not and {}', () => {
  const yes: Expression = { kind: 'leaf', question: 'q', datapoints: ['x'] };
  const no: Expression = { kind: 'leaf', question: 'q', datapoints: ['z'] };
  const r = respondent(1, [a('q', 'x')]);
  const notAsked = respondent(2, [a('other', 'x')]);

  it('and = all, or = any', () => {
    expect(matches({ kind: 'and', children: [yes, yes] }, r)).toBe(true);
    expect(matches({ kind: 'and', children: [yes, no] }, r)).toBe(false);
    expect(matches({ kind: 'or', children: [no, yes] }, r)).toBe(true);
    expect(matches({ kind: 'or', children: [no, no] }, r)).toBe(false);
  });

  it('not negates a leaf and a combinator; not:false changes nothing', () => {
    expect(matches({ ...yes, not: true }, r)).toBe(false);
    expect(matches({ ...no, not: true }, r)).toBe(true);
    expect(matches({ ...yes, not: false }, r)).toBe(true);
    expect(matches({ kind: 'or', not: true, children: [no, yes] }, r)).toBe(false);
    expect(matches({ kind: 'and', not: true, children: [no, yes] }, r)).toBe(true);
  });

  it('puts respondents never asked the question in the negation', () => {
    expect(matches(yes, notAsked)).toBe(false);
    expect(matches({ ...yes, not: true }, notAsked)).toBe(true);
    expect(matches({ kind: 'leaf', question: 'q', not: true }, notAsked)).toBe(true);
  });

  it('{} matches everyone, {not:true} no one', () => {
    expect(matches({ kind: 'all' }, notAsked)).toBe(true);
    expect(matches({ kind: 'all', not: true }, r)).toBe(false);
  });
});

describe('referenceMetric', () => {
  const people: RespondentRecord[] = [
    respondent(1, [a('g', 'f'), a('age', 'young')], 'w1', 'gb', 100),
    respondent(2, [a('g', 'f')], 'w1', 'gb', 50),
    respondent(3, [a('g', 'm'), a('age', 'young')], 'w1', 'gb', 70),
    respondent(4, [a('g', 'f'), a('age', 'young')], 'w1', 'fr', 30),
    respondent(5, [a('g', 'f'), a('age', 'young')], 'w1', 'us', 999), // location not selected
    respondent(6, [a('g', 'm'), a('age', 'young')], 'w2', 'gb', 80), // w2: nobody female
    respondent(7, [a('g', 'f'), a('age', 'young')], 'w3', 'gb', 999), // wave not selected
  ];
  const female: Expression = { kind: 'leaf', question: 'g', datapoints: ['f'] };
  const young: Expression = { kind: 'leaf', question: 'age', datapoints: ['young'] };

  it('counts (expression AND base) in the selection; size is the mean of per-wave weights, 0 for an empty wave', () => {
    // Matching: respondents 1 (w1, 100) and 4 (w1, 30); w2 has none: size = (130 + 0) / 2.
    expect(referenceMetric(people, female, young, { waves: ['w1', 'w2'], locations: ['gb', 'fr'] })).toEqual({ sample: 2, size: 65 });
    // Base {}: 1, 2, 4 in w1 (180) and none in w2.
    expect(referenceMetric(people, female, { kind: 'all' }, { waves: ['w1', 'w2'], locations: ['gb', 'fr'] })).toEqual({ sample: 3, size: 90 });
    // NOT female within young: 3 (w1, 70) and 6 (w2, 80), gb only.
    expect(referenceMetric(people, { ...female, not: true }, young, { waves: ['w1', 'w2'], locations: ['gb'] })).toEqual({ sample: 2, size: 75 });
  });

  it('is 0, not NaN, with nothing selected, and ignores a wave selected twice', () => {
    expect(referenceMetric(people, female, { kind: 'all' }, { waves: [], locations: ['gb'] })).toEqual({ sample: 0, size: 0 });
    expect(referenceMetric(people, female, young, { waves: ['w1', 'w2', 'w1'], locations: ['gb', 'fr'] })).toEqual({ sample: 2, size: 65 });
  });
});
