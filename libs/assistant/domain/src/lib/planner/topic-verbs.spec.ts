import { PlannerLocation } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { promptContext } from './context';
import { readFrame } from './frame';
import { readMarkets } from './markets';
import { chooseTopic } from './topic';
import { isPhrasalFrame, listHeadStems, verbFit, verbFrameOf } from './topic-verbs';
import { Span } from './types';

const catalogue = demoPlannerCatalogue();

function topicOf(prompt: string) {
  const ctx = promptContext({ catalogue }, prompt);
  const frame = readFrame(ctx, (readMarkets(ctx) as { markets: PlannerLocation[] }).markets);
  return chooseTopic(ctx.reading, frame.roles, ctx.index, catalogue, frame.cues);
}

const span = (start: number, end: number): Span => ({ start, end, typo: false, entry: { kind: 'datapoint', words: [], refs: [] } });

describe('the verb said with a mention', () => {
  it('is the nearest verb before it in its clause, over auxiliaries and other names', () => {
    const held = { code: 'financial_products', name: 'Financial products held', description: '' };
    expect(verbFit(verbFrameOf(['people', 'who', 'have', 'a', 'credit', 'card'], span(4, 6), []), held)).toBe(2);
    expect(verbFrameOf(['pay', 'by', 'credit', 'card'], span(2, 4), [])).toEqual(['payment']);
    // After it when none comes before: "which sports do Gen Z play".
    const genZ = { ...span(3, 5), entry: { kind: 'datapoint' as const, words: ['gen', 'z'], refs: [] } };
    expect(verbFrameOf(['which', 'sports', 'do', 'gen', 'z', 'play'], span(1, 2), [genZ])).toContain('done');
    // Not across a clause break.
    expect(verbFrameOf(['they', 'use', '|', 'nike'], span(3, 4), [])).toBeNull();
  });

  it('reads a verb that is only one word of a longer answer\'s name as the verb ("watches": Jewellery and watches)', () => {
    const part = (start: number): Span => ({
      start,
      end: start + 1,
      typo: false,
      entry: { kind: 'datapoint', words: ['watches'], refs: [{ partial: true } as never] },
    });
    expect(verbFrameOf(['who', 'watches', 'amazon', 'prime'], span(2, 4), [part(1)])).toContain('watch');
    expect(topicOf('Who watches Amazon Prime more, men or women?').topic?.question).toBe('streaming_services_used');
  });

  it('reads a verb with its particle as one act ("pay for" a service is using it, not a payment)', () => {
    const used = { code: 'streaming_services_used', name: 'Video streaming services used', description: '' };
    const frame = verbFrameOf(['who', 'pay', 'for', 'a', 'streaming', 'service'], span(4, 6), []);
    expect(isPhrasalFrame(frame)).toBe(true);
    expect(verbFit(frame, used)).toBe(2);
    expect(isPhrasalFrame(verbFrameOf(['pay', 'by', 'credit', 'card'], span(2, 4), []))).toBe(false);
    expect(topicOf('what percentage of millennials in the us pay for a streaming service').topic?.question).toBe('streaming_services_used');
  });

  it('reads people "with" a thing as having it, not "pay with" it', () => {
    const held = { code: 'financial_products', name: 'Financial products held', description: '' };
    expect(verbFit(verbFrameOf(['share', 'of', 'people', 'with', 'a', 'credit', 'card'], span(5, 7), []), held)).toBe(2);
    const brazilians: Span = {
      start: 2,
      end: 3,
      typo: false,
      entry: { kind: 'market', words: ['brazilians'], location: { code: 'br', name: 'Brazil', entitled: true } },
    };
    expect(verbFit(verbFrameOf(['share', 'of', 'brazilians', 'with', 'a', 'credit', 'card'], span(5, 7), [brazilians]), held)).toBe(2);
    expect(verbFrameOf(['people', 'who', 'pay', 'with', 'a', 'credit', 'card'], span(5, 7), [])).toEqual(['payment']);
  });

  it('fits a question whose name says the act (2), or whose description does (1)', () => {
    const q = (name: string, description = '') => ({ code: name, name, description });
    expect(verbFit(['held', 'own'], q('Financial products held'))).toBe(2);
    expect(verbFit(['play', 'done'], q('Sports and activities done'))).toBe(2);
    expect(verbFit(['payment'], q('Financial products held'))).toBe(0);
    expect(verbFit(['watch', 'follow'], q('Sports followed'))).toBe(2);
    expect(verbFit(null, q('Sports followed'))).toBe(0);
  });

  it('chooses among the questions that hold the thing', () => {
    expect(topicOf('Share of Spaniards who have a credit card').topic?.question).toBe('financial_products');
    expect(topicOf('Share of Spaniards who pay online by credit card').topic?.question).toBe('payment_methods');
    expect(topicOf('How many Brits play football?').topic?.question).toBe('sports_played');
    expect(topicOf('How many Brits watch football?').topic?.question).toBe('sports_followed');
    expect(topicOf('what do uk gen z spend their money on in games').topic?.question).toBe('in_game_spending');
    const nike = topicOf('who uses nike more men or women').topic;
    expect([nike?.question, nike?.suffix?.code]).toEqual(['brand_funnel_sportswear', '3']);
  });
});

describe('the noun a list is asked of', () => {
  it('is the word after "which" or "what", over "are the top" and numbers', () => {
    expect([...listHeadStems(['which', 'drinks', 'are', 'most', 'popular'])]).toEqual(['drink']);
    expect([...listHeadStems(['what', 'are', 'the', 'two', 'main', 'reasons'])]).toEqual(['reason']);
    // After "top N" and "popular", in Japanese order too ("日本で人気の飲み物トップ5").
    expect([...listHeadStems(['japan', 'popular', 'drinks', 'top', '5'])]).toEqual(['drink']);
    expect([...listHeadStems(['top', '5', 'drinks', 'in', 'japan'])]).toEqual(['drink']);
  });

  it('picks the question it is the first word of, and the question over one answer of that name', () => {
    expect(topicOf('Which drinks are most popular in Spain?').topic?.question).toBe('drinks_consumed');
    expect(topicOf('Which drinks do Germans drink most often?').topic?.question).toBe('drinks_consumed');
    // A list of the things themselves, not of how often: not the frequency question.
    expect(topicOf('Which podcasts do Millennials listen to most?').topic?.question).toBe('podcast_genres');
    expect(topicOf('Which sports do Gen Z play the most?').topic?.question).toBe('sports_played');
  });

  it('the verbs of the prompt choose among questions found by words alone, and a description word naming one answer picks it', () => {
    const t = topicOf('How many Japanese go to the gym?').topic;
    expect([t?.question, t?.datapoints.map((d) => d.code)]).toEqual(['sports_played', ['gym_workouts']]);
  });

  it("a brand named with no word of its measure is its customers (the funnel's usage row); the favourite needs a word of preference", () => {
    const bare = topicOf('Is Shein over-indexed among Gen Z women in the UK?').topic;
    expect([bare?.question, bare?.suffix?.code]).toEqual(['brand_funnel_fashion', '3']);
    expect(topicOf('Is Shein the favourite of Gen Z women?').topic?.question).toBe('favourite_brand_fashion');
  });

  it('a list of brands by a scale every sector shares asks which sector ("which brands do they trust most")', () => {
    expect(topicOf('Which brands do Americans trust the most?').outcome?.outcome).toBe('clarify');
    expect(topicOf('Which airlines do Americans trust the most?').topic?.question).toBe('brand_perception_airlines');
  });

  it('a scale word of the brand grid settles a name that starts others ("trust Amazon")', () => {
    const t = topicOf('Do the French trust Amazon?');
    expect([t.topic?.question, t.topic?.suffix?.code]).toEqual(['brand_perception_retail', '1']);
  });
});
