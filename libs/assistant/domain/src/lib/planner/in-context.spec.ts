import { AnalysisPlan, PlanAudience } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const docked = (...names: string[]): PlanAudience[] =>
  names.map((name) => {
    const a = demo.audiences.find((x) => x.name === name);
    if (!a) throw new Error(`no curated audience ${name}`);
    return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' };
  });
const plan = (prompt: string, previous: AnalysisPlan | null = null, dock: PlanAudience[] = []): AnalysisPlan => {
  const out = planPrompt({ prompt, catalogue: demo, previous, docked: dock });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
};
const shape = (p: AnalysisPlan) => ({
  topic: p.topic ? `${p.topic.question}:${p.topic.datapoints.map((d) => d.code).join(',')}` : null,
  audiences: p.audiences.map((a) => a.name),
  markets: p.locations.map((l) => l.code),
});

describe('planInContext: a brief is planned from its question', () => {
  it('takes neither a platform nor a savings product of the context as the topic', () => {
    expect(
      shape(plan('Their agency keeps pushing Pinterest and the client feels stale. Quick question: what share of women in the UK use Instagram?')),
    ).toEqual({ topic: 'social_platform_usage:instagram', audiences: ['Women'], markets: ['gb'] });
  });
  it('reads "there" and "they" in the question as the market and audience the context names', () => {
    expect(shape(plan('Our coffee chain is expanding into Japan next year. What share of people there drink energy drinks?'))).toEqual({
      topic: 'drinks_consumed:energy_drinks',
      audiences: ['All respondents'],
      markets: ['jp'],
    });
    expect(shape(plan('I am working on a media plan for Millennials and the client sells cars. Which social platforms do they use most?')).audiences).toEqual([
      'Millennials',
    ]);
  });
});

describe('planInContext: a follow-up replaces one thing and keeps the rest', () => {
  it('replaces the audience it names the old one of', () => {
    const first = plan('What share of men in Germany drive an electric car?');
    expect(shape(plan('and women rather than men?', first))).toEqual({ topic: 'car_ownership:electric_car', audiences: ['Women'], markets: ['de'] });
  });
  it('replaces one side of a comparison and keeps the other', () => {
    const first = plan('Compare Netflix use among Gen Z and Millennials in the US');
    expect(shape(plan('What about Gen X instead of Millennials?', first)).audiences).toEqual(['Gen Z', 'Gen X']);
    const markets = plan('TikTok usage in the UK vs Germany');
    expect(shape(plan('France rather than Germany?', markets)).markets).toEqual(['gb', 'fr']);
  });
  it('swaps one market for another', () => {
    const first = plan('Which AI assistants do high income people in the US use most?');
    expect(shape(plan('swap the US for Germany', first)).markets).toEqual(['de']);
  });
});

describe('planInContext: docked audiences named in the prompt stay sides', () => {
  it('sets a docked audience side by side with one the prompt names', () => {
    expect(
      plan('Put my Young parents side by side with Gen X on Amazon Prime subscriptions', null, docked('Young parents')).audiences.map((a) => a.name),
    ).toEqual(['Young parents', 'Gen X']);
  });
});

describe('planInContext: follow-ups that remove or re-rank', () => {
  it('keeps the topic and market when the audience is dropped, and pools markets when the market is', () => {
    const first = plan('What share of high income people in India use YouTube?');
    expect(shape(plan('For everyone, not just high earners', first))).toEqual({
      topic: 'social_platform_usage:youtube',
      audiences: ['All respondents'],
      markets: ['in'],
    });
    expect(shape(plan('Drop the market filter', first))).toEqual({ topic: 'social_platform_usage:youtube', audiences: ['High income'], markets: [] });
  });
  it('ranks the whole question when a follow-up asks for a ranking of it', () => {
    const ranked = plan('Now rank the streaming services instead', plan('What share of Millennials in Germany use Netflix?'));
    expect({ kind: ranked.kind, ...shape(ranked) }).toEqual({
      kind: 'ranking',
      topic: 'streaming_services_used:',
      audiences: ['Millennials'],
      markets: ['de'],
    });
  });
});

describe('planInContext: asks the catalogue cannot measure, in other words', () => {
  const refused = (prompt: string) => {
    const out = planPrompt({ prompt, catalogue: demo, previous: null, docked: [] });
    return out.outcome === 'refuse' ? (out.offer?.code ?? 'no offer') : out.outcome;
  };
  it('refuses them in other languages, offering the nearest question', () => {
    expect(refused('Wie viele Minuten pro Tag verbringen Millennials auf Instagram?')).toBe('hours_social_media_per_day');
    expect(refused('Quelle part des moins de 16 ans en France utilise Snapchat ?')).toBe('social_platform_usage');
  });
  it('offers the question of a brand the rest names even when the rest alone asks back', () => {
    expect(refused('Wie zufrieden sind die Deutschen mit Amazon?')).toBe('brand_perception_retail');
  });
  it('refuses time spent on something a time question does not measure', () => {
    expect(refused('How many hours a week do Germans exercise?')).toBe('exercise_frequency');
  });
});

describe('planInContext: a brief that offers a second-best ask', () => {
  it('plans the fallback when the question cannot be answered, and notes why', () => {
    const out = planPrompt({
      prompt:
        "Do you have Netflix's subscription revenue in Japan? If not, the share of people in Japan who use Netflix would do. It's for a streaming client.",
      catalogue: demo,
      previous: null,
      docked: [],
    });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(shape(out.plan)).toEqual({ topic: 'streaming_services_used:netflix', audiences: ['All respondents'], markets: ['jp'] });
    expect(out.notes[0]).toMatch(/^I cannot answer/);
  });
  it('plans the question itself when it can be answered', () => {
    expect(shape(plan('What share of people in Spain use Netflix? If not, the share who use Disney+ would do. The client is a broadcaster.'))).toEqual({
      topic: 'streaming_services_used:netflix',
      audiences: ['All respondents'],
      markets: ['es'],
    });
  });
});

describe('planInContext: figures quoted in a brief', () => {
  it('reads neither the audience nor the amount of a quoted figure as the question', () => {
    expect(
      shape(
        plan(
          'Our CRM says 62% of our customers are women aged 25-34 and the average basket is €45. What share of people in the UK buy beauty products online?',
        ),
      ),
    ).toEqual({
      topic: 'online_purchases:beauty_and_cosmetics',
      audiences: ['All respondents'],
      markets: ['gb'],
    });
  });
});

describe('planInContext: an ask in other words', () => {
  it('answers "why" with a question of reasons about the same thing, and refuses it of one brand', () => {
    expect(shape(plan('Why do people in Brazil play video games?'))).toEqual({ topic: 'gaming_reasons:', audiences: ['All respondents'], markets: ['br'] });
    const refused = planPrompt({ prompt: 'Why are fewer Gen Z in the US using Facebook?', catalogue: demo, previous: null });
    expect(refused.outcome === 'refuse' && refused.offer?.code).toBe('social_platform_usage');
    // Never the reasons of another thing: a rewording the reasons question is not about is refused.
    expect(planPrompt({ prompt: 'Pourquoi les Brésiliens jouent-ils aux jeux vidéo ?', catalogue: demo, previous: null }).outcome).not.toBe('answer');
  });
});

describe('planInContext: an ask found in the English words of another language', () => {
  it('plans the English reading when it measures what was found ("wie oft" is "how often")', () => {
    expect(shape(plan('Wie oft nutzen die Deutschen YouTube?'))).toEqual({
      topic: 'social_platform_frequency:youtube',
      audiences: ['All respondents'],
      markets: ['de'],
    });
    const before = plan('Welcher Anteil der Deutschen nutzt YouTube?');
    expect(shape(plan('Und wie oft?', before))).toEqual({ topic: 'social_platform_frequency:youtube', audiences: ['All respondents'], markets: ['de'] });
    expect(shape(plan('¿Y cada cuánto lo usan?', plan('¿Qué porcentaje de los españoles usa Telegram?'))).topic).toBe('social_platform_frequency:telegram');
  });
  it('still refuses what the English reading cannot measure either', () => {
    expect(planPrompt({ prompt: 'Wie oft pro Stunde öffnen die Deutschen TikTok?', catalogue: demo }).outcome).toBe('refuse');
  });
});
