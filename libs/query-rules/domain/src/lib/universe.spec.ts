import { chooseUniverse, QuestionUse } from './universe';

const q = (code: string, datasetCode: string, datasetCodes?: string[]) => ({ code, datasetCode, datasetCodes });
const use = (path: string, question: QuestionUse['question']): QuestionUse => ({ path, question });
const AGE = q('age_group', 'core', ['core', 'gaming']);
const GENDER = q('gender', 'core', ['core', 'gaming']);
const FASHION = q('brand_funnel_fashion', 'core', ['core']);
const PLATFORMS = q('gaming_platforms', 'gaming', ['gaming']);
const both = { entitledDatasets: ['core', 'gaming'] };

describe('chooseUniverse', () => {
  it('uses the first licensed dataset when the query names no question', () => {
    expect(chooseUniverse([], both)).toEqual({ ok: true, value: 'core' });
  });

  it('reads demographics in the dataset of the topic they are crossed with', () => {
    expect(chooseUniverse([use('/rows/0/expression/question', AGE), use('/columns/0/expression/question', PLATFORMS)], both)).toEqual({
      ok: true,
      value: 'gaming',
    });
  });

  it('puts a query of demographics alone in the dataset they belong to', () => {
    expect(chooseUniverse([use('/rows/0', AGE), use('/columns/0', GENDER)], both)).toEqual({ ok: true, value: 'core' });
    expect(chooseUniverse([use('/rows/0', q('x', 'gaming', ['core', 'gaming']))], both)).toEqual({ ok: true, value: 'gaming' });
  });

  it("takes the preferred dataset (the topic's) when it asks every question", () => {
    const GAMING_HOME = q('hours_gaming', 'gaming', ['core', 'gaming']);
    expect(chooseUniverse([use('/t', GAMING_HOME), use('/a', AGE), use('/b', GENDER)], both)).toEqual({ ok: true, value: 'core' });
    expect(chooseUniverse([use('/t', GAMING_HOME), use('/a', AGE), use('/b', GENDER)], both, { prefer: 'gaming' })).toEqual({ ok: true, value: 'gaming' });
    expect(chooseUniverse([use('/t', PLATFORMS), use('/a', AGE)], both, { prefer: 'core' })).toEqual({ ok: true, value: 'gaming' });
  });

  it('only considers licensed datasets', () => {
    expect(chooseUniverse([use('/rows/0', AGE)], { entitledDatasets: ['gaming'] })).toEqual({ ok: true, value: 'gaming' });
  });

  it('refuses questions that share no dataset (400), naming them and pointing at the odd ones out', () => {
    const outcome = chooseUniverse(
      [use('/rows/0/expression/question', FASHION), use('/rows/1/expression/question', AGE), use('/columns/0/expression/question', PLATFORMS)],
      both,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    expect(outcome.detail).toContain("'brand_funnel_fashion' (core)");
    expect(outcome.detail).toContain("'gaming_platforms' (gaming)");
    expect(outcome.errors).toEqual([
      {
        path: '/columns/0/expression/question',
        message: "question 'gaming_platforms' is not asked in dataset 'core', which holds the other questions (it is asked in: gaming)",
      },
    ]);
  });

  it('refuses an organisation without a licensed dataset (403)', () => {
    const outcome = chooseUniverse([use('/rows/0', AGE)], { entitledDatasets: [] });
    expect(outcome.ok ? 200 : outcome.status).toBe(403);
  });
});
