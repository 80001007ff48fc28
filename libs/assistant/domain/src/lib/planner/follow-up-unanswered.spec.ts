import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp } from '../testing/plan-answer';
import { planPrompt } from '../planner';
import { answerToUnanswered, correctionOfAnswer } from './follow-up-unanswered';

const demo = demoPlannerCatalogue();
const correct = (prompt: string, unanswered: string | null) => answerToUnanswered(prompt, unanswered, demo);

describe('answerToUnanswered', () => {
  it('asks a refused turn again with the market a correction names', () => {
    expect(correct('sorry, I meant Spaniards', 'What share of Italians use Netflix?')).toBe('What share of Spaniards use Netflix?');
    expect(correct('fine, France then', 'What share of Brazilians have bought from Zara?')).toBe('What share of France have bought from Zara?');
  });
  it('puts an answer of the catalogue in place of the name it did not know', () => {
    expect(correct('ok then Threads', 'Which age group is most likely to use Bluesky?')).toBe('Which age group is most likely to use Threads?');
  });
  it('reads nothing without a turn to correct, an opening or closing word, or with more than one thing named', () => {
    expect(correct('sorry, I meant Spaniards', null)).toBeNull();
    expect(correct('Spain', 'What share of Italians use Netflix?')).toBeNull();
    expect(correct('ok, what about Netflix in Spain', 'What share of Italians use Netflix?')).toBeNull();
  });
  it('plans the corrected turn through the planner', () => {
    const out = planPrompt({ prompt: 'sorry, I meant Spaniards', catalogue: demo, unanswered: 'What share of Italians use Netflix?' });
    expect(out.outcome).toBe('answer');
    if (out.outcome === 'answer') expect(out.plan.locations.map((l) => l.code)).toEqual(['es']);
  });
});

describe('correctionOfAnswer: a correction after an answered turn', () => {
  it('leaves out the opening of a correction in the markets’ languages, and the articles before the one thing named', () => {
    expect(correctionOfAnswer('perdón, quería decir los brasileños', demo)).toBe('los brasileños');
    expect(correctionOfAnswer('sorry, I meant Germans', demo)).toBe('Germans');
  });
  it('reads nothing without an opening, or with more than one thing named', () => {
    expect(correctionOfAnswer('los brasileños', demo)).toBeNull();
    expect(correctionOfAnswer('sorry, I meant Germans and Gen Z on TikTok', demo)).toBeNull();
  });
  it('answers the corrected market with the rest of the last answer', () => {
    const next = answerFollowUp('¿Qué porcentaje de los alemanes usa Snapchat?', 'perdón, quería decir los franceses', demo);
    expect([next.topic?.datapoints.map((d) => d.code), next.locations.map((l) => l.code)]).toEqual([['snapchat'], ['fr']]);
  });
});
