import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { shareOfGroup } from './topic-context';
import { Span } from './types';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

describe('a group whose share changes', () => {
  it('is the topic of a trend when said after "the share of" ("how has the share of dog owners changed")', () => {
    const p = plan('How has the share of dog owners in Germany changed since 2025?');
    expect([p.kind, p.topic?.question, p.topic?.datapoints.map((d) => d.code), p.audiences.length]).toEqual(['trend', 'pets_owned', ['dog'], 1]);
    expect(p.audiences[0].origin).toBe('everyone');
    expect(plan('Has the number of cat owners in Japan gone up?').topic?.datapoints.map((d) => d.code)).toEqual(['cat']);
  });

  it('stays the group when something else is measured', () => {
    const p = plan('How has Netflix use among dog owners changed since 2025?');
    expect([p.topic?.question, p.audiences[0].name]).toEqual(['streaming_services_used', 'Dog owners']);
  });

  it('shareOfGroup reads the words before the one group', () => {
    const span = { start: 4, end: 6 } as Span;
    expect(shareOfGroup('how has the share of dog owners changed'.split(' '), [{ ...span, start: 5, end: 7 }])).toBe(true);
    expect(shareOfGroup('how has netflix use among dog owners changed'.split(' '), [{ ...span, start: 5, end: 7 }])).toBe(false);
  });
});
