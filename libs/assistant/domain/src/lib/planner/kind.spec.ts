import { RuleBasedPlanner } from '../planner';
import { indexAgainstSide, readKind, singularSuperlative, singularWhich } from './kind';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const catalogue = demoPlannerCatalogue();
const plan = (prompt: string) => {
  const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: [] });
  return out.outcome === 'answer' ? { kind: out.plan.kind, topic: out.plan.topic?.question ?? null, audience: out.plan.audiences[0]?.name } : out.outcome;
};

describe('kind: an open profile of one group, whatever words ask for it', () => {
  it('reads "what are X into" with no object as what the group is into, every datapoint by index', () => {
    expect(plan('what are Luxury fashion buyers into these days?')).toEqual({ kind: 'indexing', topic: null, audience: 'Luxury fashion buyers' });
    expect(plan('What are Gen X into?')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen X' });
  });

  it('reads "into" followed by its object as the topic, not an open profile', () => {
    expect(plan('are Gen Z into k-pop?')).not.toEqual(expect.objectContaining({ topic: null }));
  });

  it('reads idioms of a profile and of leaning towards as an index', () => {
    expect(plan('Daily TikTok users: what is their deal?')).toEqual({ kind: 'indexing', topic: null, audience: 'Daily TikTok users' });
    expect(plan('what do Women in France lean towards more than average')).toEqual({ kind: 'indexing', topic: null, audience: 'Women' });
  });

  it('reads the profile words of German and Italian ("wie ticken", "contraddistingue")', () => {
    expect(plan('Wie ticken die Babyboomer in Frankreich?')).toEqual({ kind: 'indexing', topic: null, audience: 'Baby boomers' });
    expect(plan('Cosa contraddistingue la Gen Z in Giappone?')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
  });
});

describe('kind: informal and Japanese words of a profile', () => {
  it('reads "vibe", "lowdown", "all about", "jumps out", "hallmarks" and txt-speak "in2" as an open profile', () => {
    expect(plan('whats the vibe with gen z in japan')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
    expect(plan('gimme the lowdown on millennials in spain')).toEqual({ kind: 'indexing', topic: null, audience: 'Millennials' });
    expect(plan('what are high earners all about')).toEqual({ kind: 'indexing', topic: null, audience: 'High income' });
    expect(plan('gen z uk - anything that jumps out?')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
    expect(plan('what r boomers in2 these days')).toEqual({ kind: 'indexing', topic: null, audience: 'Baby boomers' });
  });

  it('reads "何が違う" and the katakana "ジェネレーションZ"', () => {
    expect(plan('ジェネレーションZは何が違う？')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
  });
});

describe('kind: a request to describe a group with no topic named (cues.json profileRequests)', () => {
  it('reads a persona, a snapshot, insights, "who is the", "what matters to" as the open profile', () => {
    expect(plan('Build a persona for Eco-conscious consumers')).toEqual({ kind: 'indexing', topic: null, audience: 'Eco-conscious consumers' });
    expect(plan('Top insights for Gen Z in Germany')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
    expect(plan('Who is the Premium shopper?')).toEqual({ kind: 'indexing', topic: null, audience: 'Premium shoppers' });
    expect(plan("What's important to Baby boomers?")).toEqual({ kind: 'indexing', topic: null, audience: 'Baby boomers' });
    expect(plan('Z世代について教えて')).toEqual({ kind: 'indexing', topic: null, audience: 'Gen Z' });
  });

  it('keeps a topic named beside such a request', () => {
    expect(plan('Top insights for Gen Z in Germany on TikTok use')).toEqual(expect.objectContaining({ topic: 'social_platform_usage' }));
  });
});

describe('kind: one answer of a ranking (grammar.json oneAnswerSuperlatives, leadVerbs)', () => {
  it('reads a least or most before a singular noun as one answer, before a plural as a list', () => {
    expect(singularSuperlative(' least popular social app with aussie women ', 'ranking')).toBe(true);
    expect(singularSuperlative(' least used online payment methods in japan ', 'ranking')).toBe(false);
  });

  it('reads "which" with a singular noun and a verb of coming first as one answer', () => {
    expect(singularWhich('which type of investment leads among high earners'.split(' '), 'ranking')).toBe(true);
    expect(singularWhich('which investments lead among high earners'.split(' '), 'ranking')).toBe(false);
  });
});

describe('readKind: one person standing for a group', () => {
  it('reads "a typical", "the average" before people as no cue of difference', () => {
    expect(readKind('which social platforms does a typical gen z woman use').openIndexing).toBe(false);
    expect(readKind('what does the average boomer watch').openIndexing).toBe(false);
  });

  it('still reads "typical of" as asking what is distinctive', () => {
    expect(readKind("what's typical of gen z women").openIndexing).toBe(true);
  });
});

describe('kind: a word of indexing with a second side set against the first', () => {
  it('compares the sides named against each other, audiences or markets', () => {
    expect(plan('Do Gen Z over-index on Snapchat compared with Millennials?')).toEqual({
      kind: 'comparison',
      topic: 'social_platform_usage',
      audience: 'Gen Z',
    });
    expect(plan('Does the UK over-index compared with Germany on Deliveroo?')).toEqual({
      kind: 'comparison',
      topic: 'brand_funnel_delivery',
      audience: 'All respondents',
    });
  });

  it('keeps an index for sides joined without contrast, and for one side against a base in words', () => {
    expect(plan('Do Gen Z and Millennials over-index on Snapchat?')).toMatchObject({ kind: 'indexing' });
    expect(plan('Do Gen Z over-index on Snapchat compared with everyone else?')).toMatchObject({ kind: 'indexing' });
    expect(indexAgainstSide(' gen z over index vs millennials ', 1, 0)).toBe(false);
    expect(indexAgainstSide(' gen z over index vs millennials ', 2, 0)).toBe(true);
  });
});
