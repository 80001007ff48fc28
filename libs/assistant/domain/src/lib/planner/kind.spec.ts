import { RuleBasedPlanner } from '../planner';
import { indexAgainstSide, mostOfPeople, readKind, singularSuperlative, singularWhich } from './kind';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const catalogue = demoPlannerCatalogue();
const answer = (prompt: string) => answerPlan(prompt, catalogue);
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

  it('reads the noun right after "which" as its head even when it is also a verb of being a customer', () => {
    expect(singularWhich('which bank do millennials in brazil prefer'.split(' '), 'ranking')).toBe(true);
    expect(singularWhich('which banks do millennials prefer'.split(' '), 'ranking')).toBe(false);
  });
});

describe('kind: "most" said of the people (mostOfPeople)', () => {
  const none = () => false;
  it('reads "what do most people / most of them ..." as the one answer most give', () => {
    expect(mostOfPeople('what do most people in brazil use to pay online'.split(' '), 'ranking', none)).toBe(true);
    expect(mostOfPeople('which app do most of them use'.split(' '), 'ranking', none)).toBe(true);
    expect(mostOfPeople('what do most germans drink'.split(' '), 'ranking', (i) => i === 3)).toBe(true);
  });

  it('leaves "most" said of the thing, or outside a question of what, to the other readings', () => {
    expect(mostOfPeople('what do people use most'.split(' '), 'ranking', none)).toBe(false);
    expect(mostOfPeople('what do most people in brazil use'.split(' '), 'share', none)).toBe(false);
    expect(mostOfPeople('do most people use paypal'.split(' '), 'ranking', none)).toBe(false);
  });

  it('plans one answer for such a question, a list for the plain one', () => {
    expect(answer('What do most people in Brazil use to pay online?').limit).toBe(1);
    expect(answer('What do most Germans drink?').limit).toBe(1);
    expect(answer('What do people in Brazil use to pay online?').limit).toBeGreaterThan(1);
  });

  it('reads Japanese 最も as 一番, one answer: its nouns have no plural to ask for a list', () => {
    expect(answer('日本で最も人気のある動画配信サービスは？').limit).toBe(1);
  });
});

describe('kind: "the main reason", in English and the other languages (oneAnswerSuperlatives "main"; reason words of the language files)', () => {
  it('reads "the main" before a singular noun as one answer, before a plural as a list', () => {
    expect(singularSuperlative(' what is the main reason for using social media in brazil ', 'ranking')).toBe(true);
    expect(singularSuperlative(' what are the main reasons for using social media ', 'ranking')).toBe(false);
  });

  it('plans the reasons question for "motivo", "raison", "Hauptgrund", one answer for the main one', () => {
    for (const prompt of [
      'Qual é o principal motivo para usar redes sociais no Brasil?',
      '¿Cuál es el principal motivo para usar redes sociales en España?',
      "Quelle est la principale raison d'utiliser les réseaux sociaux en France ?",
    ])
      expect({ topic: answer(prompt).topic?.question, limit: answer(prompt).limit }).toEqual({ topic: 'social_media_reasons', limit: 1 });
    expect(answer('Was ist der Hauptgrund für die Nutzung sozialer Medien in Deutschland?').topic?.question).toBe('social_media_reasons');
    expect(answer('¿Cuáles son las principales razones para usar redes sociales en España?').limit).toBeGreaterThan(1);
  });
});

describe('kind: a ranking counted from the bottom (cues.json ranking "bottom")', () => {
  it('reads "bottom N" of a list noun as a ranking of its question, not one answer of another', () => {
    const p = answer('Bottom 5 streaming services among women in Australia');
    expect({ kind: p.kind, topic: p.topic?.question, limit: p.limit }).toEqual({ kind: 'ranking', topic: 'streaming_services_used', limit: 5 });
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

describe('kind: one group set above or below the base (grammar.json baseLinks)', () => {
  it('indexes a group said above or below everyone, as "than the average person"', () => {
    expect(answer('Crunchyroll: how far above the general population are Gen Z?').kind).toBe('indexing');
    expect(answer('Are Millennials below the average person on Facebook?').kind).toBe('indexing');
    expect(answer('Are Gen Z above 30% on TikTok?').kind).not.toBe('indexing');
  });
});

describe('kind: a change verb after a modal of what would happen (grammar.json hypotheticalChange)', () => {
  it('reads no trend in an effect imagined, and a trend in a change measured', () => {
    expect(readKind('what would most increase their likelihood to buy online').trend).toBe(false);
    expect(readKind('has the share who buy online increased').trend).toBe(true);
    expect(readKind('could you show how tiktok use has changed').trend).toBe(true);
  });
  it.each([
    'What share of UK shoppers say loyalty points would most increase their likelihood to buy online?',
    'What share of Brits say free delivery would increase their likelihood of buying online?',
    'What share of Germans say next-day delivery would really increase how likely they are to buy online?',
    'What proportion of French shoppers say customer reviews could increase their likelihood of buying online?',
    'What share of Americans say coupons and discounts might increase their likelihood to buy online?',
  ])('%s', (prompt) => expect(answer(prompt).kind).toBe('share'));
});

describe('one audience named against the docked one', () => {
  const docked = (...names: string[]) =>
    names.map((name) => {
      const a = catalogue.audiences.find((x) => x.name === name);
      if (!a) throw new Error(name);
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' as const };
    });
  const withDocked = (prompt: string, ...names: string[]) => {
    const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: docked(...names) });
    if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
    return { kind: out.plan.kind, sides: out.plan.audiences.map((a) => a.name) };
  };

  it('"vs X: who is more likely ..." compares the docked audience with the one named, rather than indexing it', () => {
    const insta = withDocked('vs daily insta users - who is more likely to use Netflix?', 'Daily TikTok users');
    expect([insta.kind, insta.sides.length, insta.sides[0]]).toEqual(['comparison', 2, 'Daily TikTok users']);
    expect(withDocked('compared with Gen Z, are they more likely to use Netflix?', 'Daily TikTok users').kind).toBe('comparison');
    expect(withDocked('Are they more likely than men to play tennis?', 'Women').sides).toEqual(['Women', 'Men']);
    expect(withDocked('verglichen mit Männern: wer spielt eher Tennis?', 'Women').sides).toEqual(['Women', 'Men']);
    expect(withDocked('このグループと男性を比べると、テニスをしている人の割合は？', 'Women')).toEqual({ kind: 'comparison', sides: ['Women', 'Men'] });
  });
  it('keeps one docked audience with nothing set against it an index', () => {
    expect(withDocked('Are they more likely to play tennis?', 'Women')).toEqual({ kind: 'indexing', sides: ['Women'] });
  });
  it('compares two docked audiences asked "which of these 2 is more likely", rather than indexing each', () => {
    expect(withDocked('which of these 2 is more likely to play tennis?', 'Women', 'Men')).toEqual({ kind: 'comparison', sides: ['Women', 'Men'] });
  });
});

describe('kind: a superlative of one answer asks for a ranking (grammar.json oneAnswerSuperlatives)', () => {
  it('reads "the number one", "the preferred" as a ranking cue, as "top" is', () => {
    expect(readKind(' what s the number 1 _ _ in germany ').ranking).toBe(true);
    expect(readKind(' what s the preferred payment method in brazil ').ranking).toBe(true);
    expect(readKind(' what share of germans use netflix ').ranking).toBe(false);
  });

  it('plans the one answer of the question the noun names', () => {
    const p = answer("What's the number one streaming service in Germany?");
    expect(p.kind).toBe('ranking');
    expect(p.topic?.question).toBe('streaming_services_used');
    expect(p.limit).toBe(1);
  });
});

describe('kind: the superlative of "where ... most" belongs to the markets (readKindCues)', () => {
  it('ranks the markets for "where is X strongest", not an index of X users', () => {
    const p = answer('Where is Spotify strongest?');
    expect(p.kind).not.toBe('indexing');
    expect(p.topic?.question).toBe('music_streaming_services');
    expect(p.rankBy).toBe('markets');
  });
});
