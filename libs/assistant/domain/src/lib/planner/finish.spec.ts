import { CodeName } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { EVERYONE } from './constants';
import { promptContext } from './context';
import { finishPlan } from './finish';
import { PlanShape } from './types';

const catalogue = demoPlannerCatalogue({ waves: 1 });
const tiktok = catalogue.questions.find((q) => q.code === 'social_platform_usage');
const ctx = promptContext({ catalogue }, 'TikTok');
const codeName = (x: CodeName) => ({ code: x.code, name: x.name });

function shape(change: Partial<PlanShape>): PlanShape {
  if (!tiktok) throw new Error('the demo catalogue lacks social_platform_usage');
  return {
    kind: 'share',
    topic: { question: tiktok.code, questionName: tiktok.name, datapoints: [codeName(tiktok.datapoints[0])], suffix: null },
    topicQuestion: tiktok,
    audiences: [],
    locations: [],
    waves: [],
    limit: undefined,
    count: false,
    ascending: false,
    ...change,
  };
}

describe('finishPlan: the shape checked against the catalogue', () => {
  it('an answer for everyone when no audience is named, in a dataset that asks the topic', () => {
    const out = finishPlan(ctx, shape({}), { topic: null, question: null, unknown: [] }, []);
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan.audiences).toEqual([EVERYONE]);
    expect(out.plan.dataset.code).toBe(tiktok?.datasetCode);
  });

  it('a share with no datapoint is a ranking; two markets make a comparison', () => {
    const ranking = finishPlan(ctx, shape({ topic: { ...shape({}).topic!, datapoints: [] } }), { topic: null, question: null, unknown: [] }, []);
    expect(ranking.outcome === 'answer' && ranking.plan.kind).toBe('ranking');
    const markets = catalogue.locations.slice(0, 2).map(codeName);
    const comparison = finishPlan(ctx, shape({ locations: markets }), { topic: null, question: null, unknown: [] }, []);
    expect(comparison.outcome === 'answer' && comparison.plan.kind).toBe('comparison');
  });

  it('a trend with one licensed wave says it used every wave available', () => {
    const notes: string[] = [];
    const out = finishPlan(ctx, shape({ kind: 'trend' }), { topic: null, question: null, unknown: [] }, notes);
    expect(out.outcome).toBe('answer');
    expect(notes).toEqual(['A trend needs several waves, so I used every wave available to you.']);
  });

  it('an open profile of everyone asks which audience', () => {
    const out = finishPlan(ctx, shape({ kind: 'indexing', topic: null, topicQuestion: null }), { topic: null, question: null, unknown: [] }, []);
    expect(out.outcome).toBe('clarify');
  });
});
