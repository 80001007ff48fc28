import { AnalysisPlan, PlanOutcome } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { referToHistory } from './follow-up-history';

const demo = demoPlannerCatalogue();

/** Plans a chat turn by turn, each turn seeing the answered plans before it; returns the last outcome. */
function chat(...prompts: string[]): PlanOutcome {
  const history: AnalysisPlan[] = [];
  let last: PlanOutcome | null = null;
  for (const prompt of prompts) {
    last = planPrompt({ prompt, catalogue: demo, previous: history[history.length - 1] ?? null, history: [...history] });
    if (last.outcome === 'answer') history.push(last.plan);
  }
  return last as PlanOutcome;
}
const planOf = (outcome: PlanOutcome) => {
  if (outcome.outcome !== 'answer') throw new Error(`expected an answer, got ${outcome.outcome}: ${outcome.message}`);
  return outcome.plan;
};
const answers = (plan: AnalysisPlan) => plan.topic?.datapoints.map((d) => d.code);

describe('referToHistory', () => {
  const plans = ['What share of Germans use Instagram?', 'And TikTok?'].reduce<AnalysisPlan[]>(
    (done, prompt) => [...done, planOf(planPrompt({ prompt, catalogue: demo, previous: done[done.length - 1] ?? null }))],
    [],
  );
  it('gathers the member that differs between the turns a count word refers to', () => {
    const ref = referToHistory('Compare both of them', plans, 0);
    expect(ref && answers(ref.previous)).toEqual(['instagram', 'tiktok']);
  });
  it('continues the last plan when it already holds as many as are referred to, or with one plan only', () => {
    expect(referToHistory('and both?', [plans[0], planOf(chat('What share of Germans use Instagram and TikTok?'))], 0)).toBeNull();
    expect(referToHistory('Compare both of them', plans.slice(0, 1), 0)).toBeNull();
    expect(referToHistory('Compare both of them', undefined, 0)).toBeNull();
  });
  it('brings back the first turn’s member, leaving out the words that refer to it', () => {
    const ref = referToHistory('what about the first one among Millennials?', plans, 0);
    expect(ref && answers(ref.previous)).toEqual(['instagram']);
    expect(ref?.prompt).toBe('what about among Millennials?');
  });
  it('reads "first" before a period as the period, and "the first one" of two docked audiences as theirs', () => {
    expect(referToHistory('and in the first quarter of 2025?', plans, 0)).toBeNull();
    expect(referToHistory('the first one vs the second', plans, 2)).toBeNull();
  });
});

describe('a follow-up that refers further back than the last answer', () => {
  it('compares the answers of two turns side by side, or combines them when asked', () => {
    const side = planOf(chat('What share of Germans have bought Nike in the last 12 months?', 'And Adidas?', 'Compare both of them'));
    expect(answers(side)).toEqual(['nike', 'adidas']);
    expect(side.topic?.combine ?? 'each').toBe('each');
    const both = planOf(chat('Quelle part des Français utilise Spotify ?', 'Et Deezer ?', 'Et les deux à la fois ?'));
    expect(both.topic?.combine).toBe('all');
  });
  it('gathers the markets of three turns, and the audiences of two, as the sides', () => {
    const markets = planOf(
      chat('What share of Americans hold cryptocurrency?', 'What about Brits?', 'And Germans?', 'How has it changed in all three since Q1 2025?'),
    );
    expect(markets.locations.map((l) => l.code)).toEqual(['us', 'gb', 'de']);
    expect(markets.kind).toBe('trend');
    const sides = planOf(chat('What share of Gen Z in France use Snapchat?', 'What about Millennials?', 'Put the two generations side by side'));
    expect(sides.audiences.map((a) => a.name)).toEqual(['Gen Z', 'Millennials']);
    expect(sides.locations.map((l) => l.code)).toEqual(['fr']);
  });
  it('goes back to the first market while replacing the audience', () => {
    const plan = planOf(chat('What share of Gen Z in Spain use Spotify?', 'What about in Brazil?', 'Go back to the first market, but for Millennials'));
    expect(plan.locations.map((l) => l.code)).toEqual(['es']);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Millennials']);
  });
});

describe('an earlier answer by a later place', () => {
  it('"the second one" of three answers brings the second answer back', () => {
    const plan = planOf(chat('What share of Brits use Spotify?', 'And Apple Music?', 'And YouTube Music?', 'the second one among Millennials'));
    expect(answers(plan)).toEqual(['apple_music']);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Millennials']);
    expect(plan.locations.map((l) => l.code)).toEqual(['gb']);
  });
  it('"the second most used" is a rank, not a turn', () => {
    expect(referToHistory('which is the second most used?', [{} as AnalysisPlan, {} as AnalysisPlan, {} as AnalysisPlan], 0)).toBeNull();
  });
});

describe('a whole earlier turn, and the answer before the last', () => {
  it('"the first question" continues the whole first turn, whatever differs from the last one', () => {
    const plan = planOf(
      chat(
        'What share of Austrians use Xing?',
        'What share of Brits use Snapchat?',
        'And in Spain?',
        'Now for Millennials',
        'back to my first question, but for men',
      ),
    );
    expect(answers(plan)).toEqual(['snapchat']);
    expect(plan.locations.map((l) => l.code)).toEqual(['gb']);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Men']);
  });
  it('leaves out the words of the reference, and the "same as" or "but" that opened it', () => {
    const plans = [planOf(chat('What share of Germans use Instagram?')), planOf(chat('What share of Brits use TikTok?'))];
    expect(referToHistory('same as my first question but in Brazil', plans, 0)?.prompt).toBe('in Brazil');
    expect(referToHistory('go back to the first question, but for women', plans, 0)?.prompt).toBe('for women');
  });
  it('"the one before" is the answer before the last one', () => {
    const plan = planOf(chat('What share of Spaniards use Glovo?', 'And Deliveroo?', 'And Uber Eats?', 'the one before, but among Gen Z'));
    expect(answers(plan)).toEqual(['deliveroo']);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(plan.locations.map((l) => l.code)).toEqual(['es']);
  });
});
