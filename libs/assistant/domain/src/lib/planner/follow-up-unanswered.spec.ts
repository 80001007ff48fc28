import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { planPrompt } from '../planner';
import { answerToUnanswered } from './follow-up-unanswered';

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
