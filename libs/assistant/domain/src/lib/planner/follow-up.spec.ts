import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { isFollowUpText } from './follow-up';

const catalogue = demoPlannerCatalogue();
const padded = (s: string) => ` ${s} `;

function plan(prompt: string, previous?: AnalysisPlan): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

describe('isFollowUpText: whether the words continue the previous turn', () => {
  it('a continuing opening, a short prompt with a reference, "what about"', () => {
    expect(isFollowUpText(padded('and in germany'), null)).toBe(true);
    expect(isFollowUpText(padded('how has that changed'), null)).toBe(true);
    expect(isFollowUpText(padded('is it higher for men'), plan('TikTok usage in the UK'))).toBe(true);
  });

  it('a question of its own is not one', () => {
    expect(isFollowUpText(padded('what share of germans use instagram'), plan('TikTok usage in the UK'))).toBe(false);
  });
});

describe('mergeFollowUp: a follow-up keeps what the new prompt does not change', () => {
  const first = plan('What share of Gen Z use TikTok in the UK?');

  it('"what about X?" replaces the audience and keeps topic and market', () => {
    const next = plan('What about Millennials?', first);
    expect(next.audiences.map((a) => a.name)).toEqual(['Millennials']);
    expect(next.topic?.question).toBe(first.topic?.question);
    expect(next.locations.map((l) => l.code)).toEqual(['gb']);
  });

  it('"and in X?" changes the market only', () => {
    const next = plan('And in Germany?', first);
    expect(next.locations.map((l) => l.code)).toEqual(['de']);
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen Z']);
  });

  it('"how has that changed?" becomes a trend of the same thing', () => {
    const next = plan('How has that changed?', first);
    expect(next.kind).toBe('trend');
    expect(next.topic).toEqual(first.topic);
  });
});
