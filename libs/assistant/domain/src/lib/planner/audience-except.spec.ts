import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { readExceptPhrases } from './audience-except';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous: null });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

describe('readExceptPhrases', () => {
  it('writes "other than" anywhere, and "apart from" or "but" only opening a clause or after a word for everyone, as "except"', () => {
    expect(readExceptPhrases('which services other than netflix'.split(' '))).toEqual('which services except netflix'.split(' '));
    expect(readExceptPhrases('apart from gen z | how many'.split(' '))).toEqual('except gen z | how many'.split(' '));
    expect(readExceptPhrases('anyone but parents'.split(' '))).toEqual('anyone except parents'.split(' '));
    expect(readExceptPhrases('what sets them apart from the rest'.split(' '))).toEqual('what sets them apart from the rest'.split(' '));
    expect(readExceptPhrases('use tiktok but not instagram'.split(' '))).toEqual('use tiktok but not instagram'.split(' '));
  });
});

describe('everyone except an audience', () => {
  it('is the complement of the audience named after "except"', () => {
    const p = plan('Among everyone except Gen Z, what share use Snapchat?');
    expect(p.audiences).toHaveLength(1);
    expect(p.audiences[0].expression).toEqual({ question: 'age_group', datapoints: ['16_24'], not: true });
    expect(plan('Apart from Gen Z, how many people in Japan use BeReal?').kind).toBe('share');
    expect(plan('What share of anyone but parents use Disney+?').audiences[0].expression['not']).toBe(true);
  });

  it('leaves the audience as it is when the name after "except" is the topic\'s answer', () => {
    const p = plan('Among Gen Z, which streaming services other than Netflix are most used?');
    expect(p.audiences[0].expression['not']).toBeUndefined();
    expect(p.kind).toBe('ranking');
    expect(p.topic?.datapoints.map((d) => d.code)).not.toContain('netflix');
  });

  it('keeps an index against the general population an index ("sets them apart from")', () => {
    expect(plan('what sets high earners in the us apart from the general population, top 10').kind).toBe('indexing');
  });
});
