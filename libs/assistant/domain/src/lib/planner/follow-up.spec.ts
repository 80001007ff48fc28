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

  it('an opening that keeps part of the last answer ("keep the audience, switch to Facebook") edits it', () => {
    const first = plan('What share of Gen Z in the UK use Instagram?');
    expect(isFollowUpText(padded('keep the audience switch to facebook'), first)).toBe(true);
    const next = plan('keep the audience, switch to Facebook', first);
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(next.locations.map((l) => l.code)).toEqual(['gb']);
    expect(next.topic?.datapoints.map((d) => d.code)).toEqual(['facebook']);
  });

  it('"the same group" refers to the last answer\'s people, never the Age group question', () => {
    const next = plan('same question for the same group in Germany', plan('What share of Gen Z in the UK use Instagram?'));
    expect(next.topic?.question).toBe('social_platform_usage');
    expect(next.locations.map((l) => l.code)).toEqual(['de']);
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

describe('a follow-up decides once what it replaces and keeps the rest', () => {
  it('"instead", "the same", "again" continue the previous turn', () => {
    const first = plan('What share of Gen Z in the US have bought Nike in the last 12 months?');
    expect(isFollowUpText(padded('show awareness instead'), first)).toBe(true);
    expect(isFollowUpText(padded('run the same thing for france'), first)).toBe(true);
    expect(isFollowUpText(padded('show awareness instead'), null)).toBe(false);
    const next = plan('Show awareness instead of purchase', first);
    expect(next.topic?.question).toBe('brand_funnel_sportswear');
    expect(next.topic?.datapoints.map((d) => d.code)).toEqual(['nike']);
    expect(next.topic?.suffix?.code).toBe('1');
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(next.locations.map((l) => l.code)).toEqual(['us']);
  });

  it('a new answer of the previous question keeps its question and answer scale', () => {
    const bought = plan('What share of High income people in Germany have bought from Lidl?');
    const aldi = plan('Now the same for the US, and Aldi instead of Lidl', bought);
    expect([aldi.topic?.question, aldi.topic?.suffix?.code, aldi.topic?.datapoints.map((d) => d.code)]).toEqual(['brand_funnel_retail', '3', ['aldi']]);
    expect(aldi.locations.map((l) => l.code)).toEqual(['us']);
    const daily = plan('What share of women in Brazil use TikTok daily?');
    const insta = plan('what about Instagram?', daily);
    expect([insta.topic?.question, insta.topic?.suffix?.code, insta.topic?.datapoints.map((d) => d.code)]).toEqual([
      'social_platform_frequency',
      '1',
      ['instagram'],
    ]);
  });

  it('loose words covering little of a question name do not replace the topic', () => {
    const netflix = plan('What share of Millennials in Spain use Netflix?');
    const next = plan('E per la Generazione Z?', netflix);
    expect(next.topic?.question).toBe('streaming_services_used');
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(next.locations.map((l) => l.code)).toEqual(['es']);
  });

  it('a Japanese "what about X?" (〜はどうですか) replaces the topic and keeps the rest', () => {
    const tiktok = plan('日本のZ世代でTikTokを使っている人の割合は？');
    const next = plan('インスタグラムはどうですか？', tiktok);
    expect(next.topic?.datapoints.map((d) => d.code)).toEqual(['instagram']);
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(next.locations.map((l) => l.code)).toEqual(['jp']);
  });
});

describe('a follow-up that changes the measure of the same thing', () => {
  const snapchat = plan('What share of Gen Z in Germany use Snapchat?');
  it('"what about daily use?" keeps the answer, measured by the frequency question', () => {
    const daily = plan('what about daily use?', snapchat);
    expect([daily.kind, daily.topic?.question, daily.topic?.suffix?.code, daily.topic?.datapoints.map((d) => d.code)]).toEqual([
      'share',
      'social_platform_frequency',
      '1',
      ['snapchat'],
    ]);
  });
  it('"now as an index": the opening "now" is not the latest wave', () => {
    const index = plan('now as an index', snapchat);
    expect(index.kind).toBe('indexing');
    expect(index.waves).toEqual(snapchat.waves);
  });
});

describe('a follow-up read from what its words name', () => {
  const snapchat = plan('What share of Gen Z in Germany use Snapchat?');
  it('a prompt of names only ("Instagram?", "Netflix in France") replaces what it names', () => {
    const insta = plan('Instagram?', snapchat);
    expect([insta.topic?.datapoints.map((d) => d.code), insta.audiences.map((a) => a.name), insta.locations.map((l) => l.code)]).toEqual([
      ['instagram'],
      ['Gen Z'],
      ['de'],
    ]);
    const netflix = plan('Netflix in France', snapchat);
    expect([netflix.topic?.question, netflix.audiences.map((a) => a.name), netflix.locations.map((l) => l.code)]).toEqual([
      'streaming_services_used',
      ['Gen Z'],
      ['fr'],
    ]);
  });
  it('another answer of the previous question named by its own name replaces the answers', () => {
    const daily = plan('Share of Gen Z in France who listen to podcasts daily');
    const weekly = plan('and weekly?', daily);
    expect([weekly.topic?.question, weekly.topic?.datapoints.map((d) => d.code), weekly.audiences.map((a) => a.name)]).toEqual([
      'podcast_listening_frequency',
      ['weekly'],
      ['Gen Z'],
    ]);
  });
});

describe('a follow-up that keeps some sides or moves along the answer scale', () => {
  it('"and Gen Z only?", "just the UK" after several sides keep the sides named', () => {
    const sides = plan('Compare TikTok use among Gen Z and Millennials in the US and the UK');
    const genZ = plan('and Gen Z only?', sides);
    expect([genZ.audiences.map((a) => a.name), genZ.locations.map((l) => l.code)]).toEqual([['Gen Z'], ['us', 'gb']]);
    const uk = plan('just the UK', sides);
    expect([uk.audiences.map((a) => a.name), uk.locations.map((l) => l.code)]).toEqual([['Gen Z', 'Millennials'], ['gb']]);
  });
  it('"which do they actually buy?" after a ranking of consideration moves to the scale\'s bought row', () => {
    const consider = plan('Which car brands do men in Germany consider?');
    const buy = plan('and which do they actually buy?', consider);
    expect([buy.kind, buy.topic?.question, buy.topic?.suffix?.code, buy.audiences.map((a) => a.name)]).toEqual(['ranking', 'brand_funnel_cars', '3', ['Men']]);
  });
});

describe('other answers of the previous question keep what was said of its answers', () => {
  it('"and Instagram?" after the share who don\'t use Facebook stays negated', () => {
    const next = plan('and Instagram?', plan("What share of Gen Z don't use Facebook?"));
    expect([next.topic?.datapoints.map((d) => d.code), next.topic?.negate, next.audiences.map((a) => a.name)]).toEqual([['instagram'], true, ['Gen Z']]);
  });
  it('"plus" inside a name ("Disney+") joins nothing', () => {
    const next = plan('what about Disney+?', plan('What share of Gen Z use Netflix?'));
    expect(next.topic?.datapoints.map((d) => d.code)).toEqual(['disney_plus']);
  });
  it('"and compared with Just Eat?" sets one answer beside the previous one', () => {
    const next = plan('And compared with Just Eat?', plan('What share of Spaniards use Glovo?'));
    expect([next.topic?.datapoints.map((d) => d.code), next.locations.map((l) => l.code)]).toEqual([['glovo', 'just_eat'], ['es']]);
  });
  it('"at least two of A, B and C" after a ranking is one share, not a ranking', () => {
    const next = plan('ok and what % use at least two of Glovo, Uber Eats and Just Eat?', plan('which delivery apps do people in Spain use most?'));
    expect([next.kind, next.topic?.combine, next.topic?.minCount]).toEqual(['share', 'at-least', 2]);
  });
  it('"by generation - which one is the heaviest user?" ranks the generations on the answer kept', () => {
    const next = plan(
      'break that down by generation - which one is the heaviest user?',
      plan('what share of people in Germany have used Wolt in the last year?'),
    );
    expect([next.rankBy, next.topic?.datapoints.map((d) => d.code), next.verdict]).toEqual(['groups', ['wolt'], 'highest']);
  });
  it('"the same for Boomers, alongside Gen X" keeps Gen X as the first side', () => {
    const next = plan('Could you show the same for Baby Boomers, alongside Gen X?', plan('Among Gen X, what share use TikTok?'));
    expect(next.audiences.map((a) => a.name)).toEqual(['Gen X', 'Baby boomers']);
  });
  it('"Instagram and Snapchat too" joins the previous answer', () => {
    const next = plan('Instagram and Snapchat too', plan('What share of Gen Z in the UK use TikTok?'));
    expect([next.topic?.datapoints.map((d) => d.code), next.audiences.map((a) => a.name), next.locations.map((l) => l.code)]).toEqual([
      ['tiktok', 'instagram', 'snapchat'],
      ['Gen Z'],
      ['gb'],
    ]);
  });
});

describe('follow-ups in other words of a chat', () => {
  const hulu = plan('What share of Millennials in the US use Hulu?');
  it('"break that down for men and women", "re-run for Q1 2025", "let\'s switch markets: the UK"', () => {
    const split = plan('Can you break that down for men and women?', hulu);
    expect([split.kind, split.topic?.datapoints.map((d) => d.code), split.audiences.map((a) => a.name), split.locations.map((l) => l.code)]).toEqual([
      'comparison',
      ['hulu'],
      ['Men', 'Women'],
      ['us'],
    ]);
    expect(plan('Re-run for Q1 2025 please', hulu).waves.map((w) => w.code)).toEqual(['q1_2025']);
    expect(plan("Let's switch markets: the UK", hulu).locations.map((l) => l.code)).toEqual(['gb']);
  });
  it('"can you give me the same number there?" in a longer turn follows up', () => {
    const au = plan('Thanks. The client also operates in Australia - can you give me the same number there?', hulu);
    expect([au.topic?.datapoints.map((d) => d.code), au.audiences.map((a) => a.name), au.locations.map((l) => l.code)]).toEqual([
      ['hulu'],
      ['Millennials'],
      ['au'],
    ]);
  });
  it('"the Gen Z figure for comparison" adds a side', () => {
    expect(plan('Helpful. Now I need the Gen Z figure for comparison.', hulu).audiences.map((a) => a.name)).toEqual(['Millennials', 'Gen Z']);
  });
  it('another sector\'s brand keeps the answer scale ("what about Shein?" after bought from Temu)', () => {
    const shein = plan('what about Shein?', plan('How has Temu shopping changed in France over the last year?'));
    expect([shein.kind, shein.topic?.question, shein.topic?.suffix?.code]).toEqual(['trend', 'brand_funnel_fashion', '3']);
  });
});

describe('a word that is an answer of the previous question', () => {
  it('is that answer, not a whole question whose name says it', () => {
    const first = plan('What share of Gen X in Spain drink wine?');
    const next = plan('beer rather than wine', first);
    expect([next.topic?.question, next.topic?.datapoints.map((d) => d.code)]).toEqual(['drinks_consumed', ['beer']]);
  });
});

describe('a follow-up naming one part of a combined audience', () => {
  it('replaces that part and keeps the others', () => {
    const first = plan('What share of men aged 25-34 in Germany play football?');
    expect(plan('make it 35-44', first).audiences.map((a) => a.name)).toEqual(['Men & Aged 35-44']);
    expect(plan('and for women?', first).audiences.map((a) => a.name)).toEqual(['Women & Aged 25-34']);
  });
  it('replaces a saved audience whole', () => {
    const first = plan('What share of Gen Z women in the UK use Pinterest?');
    expect(plan('what about men?', first).audiences.map((a) => a.name)).toEqual(['Men']);
  });
});

describe('a follow-up about something not in the data', () => {
  it('"what about Lego?" is refused, not the previous topic again', () => {
    const out = planPrompt({ prompt: 'what about Lego?', catalogue, previous: plan('What share of women in Germany use Pinterest?') });
    expect(out.outcome).toBe('refuse');
  });
  it('"what about them?" and "and in Spain?" still follow up', () => {
    const first = plan('What share of women in Germany use Pinterest?');
    expect(plan('what about them?', first).topic?.datapoints.map((d) => d.code)).toEqual(['pinterest']);
    expect(plan('and in Spain?', first).locations.map((l) => l.code)).toEqual(['es']);
  });
});

describe('withDocked and a docked audience sized', () => {
  const docked = (...names: string[]) =>
    names.map((name) => {
      const a = catalogue.audiences.find((x) => x.name === name);
      if (!a) throw new Error(`no curated audience ${name}`);
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' as const };
    });
  const planDocked = (prompt: string, names: string[]) => {
    const out = planPrompt({ prompt, catalogue, docked: docked(...names) });
    if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
    return out.plan;
  };
  it('a docked audience named beside another is the one meant, not every docked audience', () => {
    const p = planDocked('Vergleiche meine zweite Zielgruppe mit der Generation Z bei der Nutzung von Instagram', ['Women', 'Men']);
    expect(p.audiences.map((a) => a.name)).toEqual(['Men', 'Gen Z']);
  });
  it('"and the second one against Gen X?" after two docked audiences compares those two sides only', () => {
    const first = planPrompt({ prompt: 'Which of my audiences uses Spotify more in the UK?', catalogue, docked: docked('Gen Z', 'Millennials') });
    if (first.outcome !== 'answer') throw new Error('first turn');
    const out = planPrompt({ prompt: 'and the second one against Gen X?', catalogue, previous: first.plan, docked: docked('Gen Z', 'Millennials') });
    expect(out.outcome === 'answer' && out.plan.audiences.map((a) => a.name)).toEqual(['Millennials', 'Gen X']);
  });
  it('"compared with Millennials" sets the one side named against the docked audience', () => {
    const p = planDocked('What share use Netflix compared with Millennials?', ['Young parents']);
    expect([p.kind, p.audiences.map((a) => a.name)]).toEqual(['comparison', ['Young parents', 'Millennials']]);
  });
  it('"how many of them are there?" of an audience of two answers counts both together', () => {
    const p = planDocked('How many of them are there in Germany?', ['Young parents']);
    expect([p.count, p.topic?.question, p.topic?.combine, p.topic?.also?.map((x) => x.question), p.audiences.map((a) => a.name)]).toEqual([
      true,
      'parent_status',
      'all',
      ['age_group'],
      ['All respondents'],
    ]);
  });
});

describe('follow-up openings in other words and languages', () => {
  const millennials = plan('Instagram use among Millennials in Spain');
  it('"nur Frauen", "solo mujeres", "seulement les femmes" narrow like "only women"', () => {
    for (const prompt of ['nur Frauen', 'solo mujeres', 'seulement les femmes', 'apenas mulheres'])
      expect(plan(prompt, millennials).audiences.map((a) => a.name)).toEqual(['Millennials & Women']);
  });
  it('"include the UK and the US", "add Millennials" edit the last answer', () => {
    const genZ = plan('What share of Gen Z use TikTok?');
    const more = plan('include the UK and the US', genZ);
    expect([more.topic?.datapoints.map((d) => d.code), more.audiences.map((a) => a.name), more.locations.map((l) => l.code)]).toEqual([
      ['tiktok'],
      ['Gen Z'],
      ['gb', 'us'],
    ]);
    expect(plan('add Millennials', genZ).audiences.map((a) => a.name)).toEqual(['Gen Z', 'Millennials']);
  });
});

describe('a period said with its count first', () => {
  it('"les deux derniers trimestres", "los dos últimos trimestres" are the last two quarters', () => {
    const first = plan('What share of women in Germany use Pinterest?');
    expect(plan('Et sur les deux derniers trimestres ?', first).waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
    expect(plan('¿Y en los dos últimos trimestres?', first).waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
  });
});

describe("a new question after an answer is not a follow-up for the words of an answer's name", () => {
  const first = plan('What share of Gen Z in the UK use TikTok?');
  it('"repair instead of replacing" is the answer "Repaired instead of replacing", asked of everyone', () => {
    const next = plan('How many people repair instead of replacing things?', first);
    expect([next.topic?.datapoints.map((d) => d.code), next.audiences.map((a) => a.name), next.locations]).toEqual([
      ['repaired_instead_of_replacing'],
      ['All respondents'],
      [],
    ]);
  });
  it('"which car brands would people switch to?" is a question of its own', () => {
    expect(plan('Which car brands would people switch to?', first).locations).toEqual([]);
  });
});

describe('"over two years" is a period back from the latest', () => {
  it("replaces a trend's period and leaves an age alone", () => {
    const trend = plan('How has Peloton use among high earners changed over the past year?');
    expect(plan('Same but over two years', trend).waves).toHaveLength(8);
    const older = plan('What share of people over 45 years old use Facebook?');
    expect(older.waves).toHaveLength(4);
    expect(older.audiences[0].name).not.toBe('All respondents');
  });
});

describe('a docked audience named beside another is the first side', () => {
  it('"Z世代と私のオーディエンスで…比較" (Gen Z and my audience, compared): the docked one first', () => {
    const a = catalogue.audiences.find((x) => x.name === 'Parents');
    if (!a) throw new Error('no Parents');
    const out = planPrompt({
      prompt: 'Z世代と私のオーディエンスでNetflixの利用を比較',
      catalogue,
      docked: [{ id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' }],
    });
    expect(out.outcome === 'answer' && out.plan.audiences.map((x) => x.name)).toEqual(['Parents', 'Gen Z']);
  });
});

describe('people named by an answer in a follow-up are the audience, the topic kept', () => {
  const insta = plan('What share of Gen Z in the US use Instagram?');
  it('"TikTok users", "Netflix subscribers", "people who own a dog", "non-Facebook users", "those who don\'t use Facebook"', () => {
    for (const [prompt, audience] of [
      ['what about TikTok users?', 'TikTok users'],
      ['and among Netflix subscribers?', 'Netflix users'],
      ['what about people who own a dog?', 'Dog owners'],
      ['what about non-Facebook users?', 'Non-Facebook users'],
      ["what about those who don't use Facebook?", 'non-Facebook users'],
    ]) {
      const next = plan(prompt, insta);
      expect([
        prompt,
        next.topic?.datapoints.map((d) => d.code),
        next.topic?.negate,
        next.audiences.map((a) => a.name),
        next.locations.map((l) => l.code),
      ]).toEqual([prompt, ['instagram'], undefined, [audience], ['us']]);
    }
  });
});

describe('loose words of the previous question refine it', () => {
  const tiktok = plan('What share of Gen Z in the UK use TikTok?');
  it('"rank all the platforms for them", "which platforms do they over-index on?" ask for the whole previous question', () => {
    const ranked = plan('rank all the platforms for them', tiktok);
    expect([ranked.kind, ranked.topic?.question, ranked.topic?.datapoints, ranked.audiences.map((a) => a.name)]).toEqual([
      'ranking',
      'social_platform_usage',
      [],
      ['Gen Z'],
    ]);
    const indexed = plan('which platforms do they over-index on?', tiktok);
    expect([indexed.kind, indexed.topic?.question, indexed.topic?.datapoints]).toEqual(['indexing', 'social_platform_usage', []]);
  });
});
