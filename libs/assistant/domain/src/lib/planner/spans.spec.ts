import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { read } from './read';
import { Span } from './types';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);

/** Each span as "kind:words" (a datapoint with its codes, a market with its code). */
function spans(raw: string): string[] {
  const reading = read(raw, catalogue, index);
  return reading.spans.map((s: Span) => {
    const e = s.entry;
    const words = reading.words.slice(s.start, s.end).join(' ');
    if (e.kind === 'market') return `market:${words}=${e.location.code}`;
    if (e.kind === 'datapoint') return `datapoint:${words}=${[...new Set(e.refs.map((r) => r.datapoint.code))].join(',')}`;
    if (e.kind === 'audience') return `audience:${words}=${JSON.stringify(e.expression)}`;
    return `${e.kind}:${words}`;
  });
}

describe('the spans of names in a prompt', () => {
  it('finds market codes in a list and in capitals, not the pronoun "us"', () => {
    expect(spans('TikTok uk vs de')).toEqual(['datapoint:tiktok=tiktok', 'market:uk=gb', 'market:de=de']);
    expect(spans('tell us about Netflix')).toEqual(['datapoint:netflix=netflix']);
  });

  it('reads a short two-word name written as one word ("kpop", "ereader")', () => {
    expect(spans('gen z who listen to kpop')).toContain('datapoint:kpop=k_pop');
    expect(spans('owns an ereader')).toContain('datapoint:ereader=e_reader');
    // A letter of an abbreviation is no name of its own ("R" of "R&B and soul").
    expect(spans('how many americans r vegan')).toEqual(['market:americans=us', 'datapoint:vegan=vegan']);
  });

  it('does not let a name met through another word swallow a name said as it is', () => {
    // "hold" is read as "own", but "Mortgage" is said as it is: the financial product, not "Own with a mortgage".
    const found = spans('How many Germans hold a mortgage?');
    expect(found.some((x) => x.startsWith('datapoint:mortgage=') && x.split('=')[1].split(',').includes('mortgage'))).toBe(true);
    expect(found.some((x) => x.startsWith('datapoint:hold'))).toBe(false);
  });

  it('reads an age phrase as the age bands inside it', () => {
    expect(spans('Netflix among people aged 25-44')).toContain('audience:aged 25-44={"question":"age_group","datapoints":["25_34","35_44"]}');
    expect(spans('Netflix among the under 35s')).toContain('audience:under 35s={"question":"age_group","datapoints":["16_24","25_34"]}');
  });

  it('reads "non-" before a one-question group as every other answer of that question', () => {
    const out = spans('Spotify among non-parents');
    expect(out.find((s) => s.startsWith('audience:non parents'))).toBeDefined();
  });

  it('a longer name wins over the shorter one inside it', () => {
    expect(spans('Apple TV+ in Germany')).toEqual(['datapoint:apple tv plus=apple_tv_plus', 'market:germany=de']);
  });

  it('names a place outside the data as such', () => {
    expect(spans('TikTok in Canada')).toEqual(['datapoint:tiktok=tiktok', 'place:canada']);
  });

  it("reads the other names the survey's catalogue gives an answer as that answer, and only those", () => {
    expect(spans('insta in Germany')).toEqual(['datapoint:insta=instagram', 'market:germany=de']);
    const withoutAliases = {
      ...catalogue,
      questions: catalogue.questions.map((q) => ({ ...q, datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name })) })),
    };
    const reading = read('insta in Germany', withoutAliases, indexOf(withoutAliases));
    expect(reading.spans.map((s) => s.entry.kind)).toEqual(['market']);
  });

  it('keeps the rivals of a typo as close to two different things', () => {
    const reading = read('Tesca customers', catalogue, index);
    expect(reading.spans[0].rivals).toEqual(expect.arrayContaining(['tesla', 'tesco']));
  });
});

describe('time words inside a name', () => {
  const waves = (raw: string) => read(raw, catalogue, index).time.waves.map((w) => w.code);
  it('are not time when the name is said whole or around them ("the latest fashion trends")', () => {
    expect(waves('share who use buy now pay later in the uk')).toEqual([]);
    expect(waves('share who strongly agree they follow the latest fashion trends')).toEqual([]);
  });
  it('are not time when a comma splits the name ("buy now, pay later")', () => {
    expect(waves('share who use buy now, pay later in the uk')).toEqual([]);
  });
  it('are time when the name is not said around them', () => {
    expect(waves('tiktok use in the latest wave')).toEqual(['q3_2026']);
  });
});

describe('long names said in other words', () => {
  it('never read a name holding a number without that number ("people do more" is not "5 or more people")', () => {
    expect(spans('what do divorced people do more than the average person')).toEqual([
      'audience:divorced people={"question":"marital_status","datapoints":["divorced_or_separated"]}',
    ]);
  });
});

describe('a verb said once for two answers of one question (ellipticalSpans)', () => {
  it.each([
    ['What share of UK Gen Z women trust influencers (a lot or somewhat)?', ['trust_a_lot', 'trust_somewhat']],
    ['What share of Germans trust influencers a lot or somewhat?', ['trust_a_lot', 'trust_somewhat']],
    ['What share of French Millennials distrust influencers somewhat or a lot?', ['distrust_somewhat', 'distrust_a_lot']],
    ['What share of Americans own outright or with a mortgage?', ['own_outright', 'own_with_a_mortgage']],
    ['What share of Gen Z have used a VPN or an ad blocker?', ['used_a_vpn', 'used_an_ad_blocker']],
  ])('%s', (prompt, codes) => {
    const plan = answerPlan(prompt, catalogue);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(codes);
    expect(plan.topic?.combine).toBe('any');
  });
});
