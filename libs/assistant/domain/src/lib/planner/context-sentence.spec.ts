import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { withoutContextSentences } from './context-sentence';

const demo = demoPlannerCatalogue();
const ASK = 'What share of Gen Z in France use TikTok?';

describe('withoutContextSentences', () => {
  it.each([
    'Working on a presentation for the leadership team.',
    'Need this for a strategy offsite next week.',
    'Apologies for the short notice.',
    'My manager asked me to check something.',
    'Context: the client is planning a relaunch.',
    'Need numbers for a proposal due Friday.',
    'This is for a uni assignment.',
    'My boss needs this today.',
    'We are rethinking our marketing strategy.',
  ])('sets aside "%s" (a purpose, a deadline, who asks, an apology, background)', (sentence) => {
    expect(withoutContextSentences(`${sentence} ${ASK}`, { catalogue: demo })).toEqual({ text: ASK, context: [sentence] });
  });

  it('sets aside several context sentences, and keeps the ask however it is written', () => {
    expect(withoutContextSentences('Long day here. Slides are due this afternoon. tiktok gen z france %', { catalogue: demo })?.text).toBe(
      'tiktok gen z france %',
    );
  });

  it.each([
    ['a market', 'We launched in France last spring.'],
    ['an audience', 'The client targets Millennials.'],
    ['a brand', 'The client is Nike.'],
    ['a period of the data', 'Looking at 2025 only.'],
    ['a kind of answer', 'As a ranking.'],
    ['a limit', 'Top 5 only.'],
    ['a group to split by', 'By gender.'],
    ['a question', 'Can you help?'],
    ['a command', 'Show me the numbers.'],
  ])('keeps a sentence that names or asks something: %s', (_, sentence) => {
    expect(withoutContextSentences(`${sentence} ${ASK}`, { catalogue: demo })).toBeNull();
  });

  it('keeps a prompt of one sentence, and an abbreviation whole', () => {
    expect(withoutContextSentences(ASK, { catalogue: demo })).toBeNull();
    expect(withoutContextSentences('In the U.S. what share use TikTok?', { catalogue: demo })).toBeNull();
  });

  it('keeps a common word as the topic of an ask that names none, outside a chat', () => {
    expect(withoutContextSentences('Our client runs a blog. How many Gen Z in the UK?', { catalogue: demo })).toBeNull();
    expect(withoutContextSentences(`Our client runs a blog. ${ASK}`, { catalogue: demo })?.text).toBe(ASK);
  });

  it('keeps a sentence that points at the chat', () => {
    const first = answerPlan('What share of Gen Z in France use TikTok?', demo);
    const previous = answerPlan('What share of Millennials in Spain use Netflix?', demo);
    const chat = { catalogue: demo, previous, history: [first, previous] };
    expect(withoutContextSentences('Go back to the first question. And for women?', chat)).toBeNull();
    expect(withoutContextSentences('Same thing. Netflix in Spain.', chat)).toBeNull();
    expect(withoutContextSentences('Sorry to ask again. And for women?', chat)?.text).toBe('And for women?');
  });
});

describe('an ask after a context sentence is planned as if alone', () => {
  it.each(['Putting a memo together for the board.', 'I owe my boss an answer by lunch.', 'Sorry, bit of a rush job.'])(
    '%s + a follow-up stays a follow-up',
    (sentence) => {
      const first = 'Instagram use among Millennials in Spain';
      expect(topicAndAudiences(answerFollowUp(first, `${sentence} only women`, demo))).toEqual(topicAndAudiences(answerFollowUp(first, 'only women', demo)));
    },
  );

  it.each(['vegan % uk vs germany', 'how many Germans vape', 'Netflix penetration: US compared with Brazil'])('a context sentence before "%s"', (ask) => {
    const alone = planPrompt({ prompt: ask, catalogue: demo });
    const after = planPrompt({ prompt: `We are reviewing next year's media budget. ${ask}`, catalogue: demo });
    expect(after.outcome).toBe(alone.outcome);
    if (after.outcome === 'answer' && alone.outcome === 'answer') {
      expect(after.plan.kind).toBe(alone.plan.kind);
      expect(after.plan.topic).toEqual(alone.plan.topic);
      expect(after.plan.locations).toEqual(alone.plan.locations);
    }
  });
});
