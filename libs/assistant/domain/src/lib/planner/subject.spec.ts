import { AnalysisPlan, PlanTopic } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { asksForSize, negateAudiences, readSubject, sizeCuePositions, spellNegations, SubjectSpan, withSubject } from './subject';

const catalogue = demoPlannerCatalogue();

function plan(prompt: string, previous: AnalysisPlan | null = null): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out.plan;
}

const subjectOf = (p: AnalysisPlan) => ({
  datapoints: p.topic?.datapoints.map((d) => d.code),
  combine: p.topic?.combine ?? 'each',
  minCount: p.topic?.minCount,
  negate: p.topic?.negate ?? false,
});

const platforms: PlanTopic = {
  question: 'social_platform_usage',
  questionName: 'Social media platforms used',
  datapoints: [
    { code: 'tiktok', name: 'TikTok' },
    { code: 'instagram', name: 'Instagram' },
  ],
  suffix: null,
};
const span = (start: number, code: string, name = code): SubjectSpan => ({
  start,
  end: start + 1,
  entry: { kind: 'datapoint', refs: [{ question: { code: 'social_platform_usage' }, datapoint: { code, name } }] },
});

describe('readSubject', () => {
  it('negates the topic a negation reaches, forward or (closing the clause) back', () => {
    expect(readSubject(['share', 'who', 'do', 'not', 'use', 'tiktok'], [span(5, 'tiktok')], platforms).negate).toBe(true);
    expect(readSubject(['share', 'use', 'tiktok', 'not'], [span(2, 'tiktok')], platforms).negate).toBe(true);
    expect(readSubject(['share', 'who', 'use', 'tiktok'], [span(3, 'tiktok')], platforms).negate).toBeUndefined();
  });

  it('does not negate past a clause end, another name, or a second verb', () => {
    expect(readSubject(['not', 'sure', '|', 'but', 'share', 'use', 'tiktok'], [span(6, 'tiktok')], platforms).negate).toBeUndefined();
    expect(readSubject(['people', 'not', 'on', 'facebook', 'use', 'tiktok'], [span(3, 'facebook'), span(5, 'tiktok')], platforms).negate).toBeUndefined();
    expect(readSubject(['who', 'do', 'not', 'own', 'car', 'use', 'tiktok'], [span(6, 'tiktok')], platforms).negate).toBeUndefined();
  });

  it('reads both/and as all, either/or as any, "at least N of" as at-least, and "which ... more" as side by side', () => {
    const two = [span(2, 'tiktok'), span(4, 'instagram')];
    expect(readSubject(['use', 'both', 'tiktok', 'and', 'instagram'], two, platforms).combine).toBe('all');
    expect(readSubject(['use', 'either', 'tiktok', 'or', 'instagram'], two, platforms).combine).toBe('any');
    expect(readSubject(['share', 'use', 'tiktok', 'or', 'instagram'], two, platforms).combine).toBe('any');
    expect(readSubject(['more', 'use', 'tiktok', 'or', 'instagram'], two, platforms).combine).toBeUndefined();
    expect(readSubject(['use', 'tiktok', 'and', 'instagram'], [span(1, 'tiktok'), span(3, 'instagram')], platforms).combine).toBeUndefined();
    expect(readSubject(['use', 'tiktok', 'and', 'instagram', 'both'], [span(1, 'tiktok'), span(3, 'instagram')], platforms).combine).toBe('all');
    expect(readSubject(['own', 'tiktok', 'instagram', 'or', 'both'], [span(1, 'tiktok'), span(2, 'instagram')], platforms).combine).toBe('any');
    const least = readSubject(['at', 'least', 'two', 'of', 'tiktok', 'and', 'instagram'], [span(4, 'tiktok'), span(6, 'instagram')], platforms);
    expect([least.combine, least.minCount]).toEqual(['at-least', 2]);
    const neither = readSubject(['follow', 'neither', 'tiktok', 'nor', 'instagram'], two, platforms);
    expect([neither.combine, neither.negate]).toEqual(['any', true]);
  });

  it('reads "and/or" and "any of X, Y or Z" as any, even beside a word of comparing', () => {
    const two = [span(2, 'tiktok'), span(5, 'instagram')];
    expect(readSubject(['share', 'use', 'tiktok', 'and', 'or', 'instagram'], two, platforms).combine).toBe('any');
    const list = [span(6, 'tiktok'), span(8, 'instagram')];
    expect(readSubject(['who', 'is', 'least', 'likely', 'any', 'of', 'tiktok', 'or', 'instagram'], list, platforms).combine).toBe('any');
    expect(readSubject(['who', 'is', 'least', 'likely', 'use', 'x', 'tiktok', 'or', 'instagram'], list, platforms).combine).toBeUndefined();
  });

  it('withSubject keeps what the prompt does not say and never combines one answer', () => {
    const negated = { ...platforms, negate: true };
    expect(withSubject(negated, { count: false }).negate).toBe(true);
    expect(withSubject(negated, { count: false, negate: false }).negate).toBe(false);
    const one = { ...platforms, datapoints: [platforms.datapoints[0]] };
    expect(withSubject(one, { count: false, combine: 'all' }).combine).toBeUndefined();
  });
});

describe('the words of a size', () => {
  it('asks for people in millions, audience sizes and user bases, not for hours or households', () => {
    expect(asksForSize(['how', 'big', 'is', 'the', 'tiktok', 'audience', 'in', 'millions'])).toBe(true);
    expect(asksForSize(['what', 'is', 'the', 'reddit', 'user', 'base'])).toBe(true);
    expect(asksForSize(['the', 'number', 'of', 'japanese', 'who', 'know', 'uniqlo'])).toBe(true);
    expect(asksForSize(['the', 'number', 'of', 'hours', 'online'])).toBe(false);
    expect(asksForSize(['how', 'big', 'is', 'the', 'gap', 'between', 'men', 'and', 'women'])).toBe(false);
    expect(asksForSize(['what', 'share', 'use', 'tiktok'])).toBe(false);
    expect(asksForSize(['size', 'the', 'audience', 'in', 'the', 'uk', 'that', 'uses', 'deliveroo'])).toBe(true);
  });

  it('marks "size" as a word of asking only where it names no household', () => {
    expect(sizeCuePositions(['the', 'audience', 'size', 'of', 'netflix'])).toEqual([2]);
    expect(sizeCuePositions(['household', 'size', 'of', 'germans'])).toEqual([]);
  });
});

describe('spellNegations', () => {
  it('reads negations of every language as English words', () => {
    expect(spellNegations(['germans', 'that', 'dont', 'own'], 'en')).toEqual(['germans', 'that', 'do', 'not', 'own']);
    expect(spellNegations(['nutzen', 'instagram', 'nicht'], 'de')).toEqual(['nutzen', 'instagram', 'not']);
    expect(spellNegations(['que', 'nao', 'usam'], 'pt')).toEqual(['que', 'not', 'usam']);
    expect(spellNegations(['dont'], 'fr')).toEqual(['dont']);
  });
});

describe('negateAudiences', () => {
  it('negates the leaf of a phrase audience a negation reaches, and leaves saved audiences alone', () => {
    const facebook: SubjectSpan = {
      start: 3,
      end: 4,
      entry: { kind: 'datapoint', refs: [{ question: { code: 'social_platform_usage' }, datapoint: { code: 'facebook', name: 'Facebook' } }] },
    };
    const phrase = {
      id: 'p',
      name: 'Facebook users',
      description: '',
      origin: 'phrase' as const,
      expression: { question: 'social_platform_usage', datapoints: ['facebook'] },
    };
    const saved = { ...phrase, id: 's', origin: 'saved' as const };
    const [p, s] = negateAudiences([phrase, saved], ['who', 'do', 'not', 'facebook'], [facebook], null);
    expect(p.expression).toEqual({ question: 'social_platform_usage', datapoints: ['facebook'], not: true });
    expect(p.name).toBe('non-Facebook users');
    expect(s).toBe(saved);
  });
});

describe('the planner with the subject stage', () => {
  it('plans the complement of the topic, in other languages too', () => {
    expect(subjectOf(plan("What share of Germans don't use TikTok?"))).toEqual({ datapoints: ['tiktok'], combine: 'each', minCount: undefined, negate: true });
    expect(subjectOf(plan('Wie viel Prozent der Deutschen nutzen Instagram nicht?')).negate).toBe(true);
    expect(subjectOf(plan('¿Qué porcentaje de españoles no usa WhatsApp?')).negate).toBe(true);
    expect(subjectOf(plan('What share of Germans use TikTok?')).negate).toBe(false);
  });

  it('reads an adverb after the negation as none of its clause ("and what share have never even heard of it?")', () => {
    const aware = plan('how about awareness?', plan('What share of Brits use Monzo?'));
    const never = plan('and what share have never even heard of it?', aware);
    expect([never.topic?.datapoints.map((d) => d.code), never.topic?.suffix?.code, never.topic?.negate]).toEqual([['monzo'], '1', true]);
  });

  it('negates an audience sized as the topic ("how many people are not Gen Z?"): its answers are the topic\'s', () => {
    const p = plan("How many people in Germany aren't Gen Z?");
    expect([p.topic?.question, p.topic?.datapoints.map((d) => d.code), p.topic?.negate, p.count]).toEqual(['age_group', ['16_24'], true, true]);
    expect(plan('How many people in Germany are not women?').topic?.negate).toBe(true);
    expect(plan('How many Gen Z are there in Germany?').topic?.negate).toBeUndefined();
  });

  it('reads a negation closing its clause on the answer before it, with the people of a market after it (Japanese order)', () => {
    const words = ['share', 'dog', 'do', 'not', 'own', 'japanese'];
    const market = { start: 5, end: 6, entry: { kind: 'market' } } as SubjectSpan;
    expect(readSubject(words, [span(1, 'dog'), market], { ...platforms, datapoints: [{ code: 'dog', name: 'Dog' }] }).negate).toBe(true);
    expect(subjectOf(plan('犬を飼っていない日本人の割合は？')).negate).toBe(true);
    expect(subjectOf(plan('Quelle part des Français ne boivent ni café ni thé ?'))).toEqual({
      datapoints: ['coffee', 'tea'],
      combine: 'any',
      minCount: undefined,
      negate: true,
    });
  });

  it('reads 両方 and どちらか after two answers as both and either', () => {
    expect(subjectOf(plan('日本でNetflixとDisney+の両方を使っている人の割合は？')).combine).toBe('all');
    expect(subjectOf(plan('日本でTikTokかInstagramのどちらかを使っている人の割合は？')).combine).toBe('any');
  });

  it('keeps a negation of the audience in the audience', () => {
    const p = plan("Among Gen Z who don't use Facebook, what share use TikTok?");
    expect(subjectOf(p).negate).toBe(false);
    expect(JSON.stringify(p.audiences[0].expression)).toContain('"not":true');
  });

  it('plans one combined subject, and a side-by-side comparison when asked which is bigger', () => {
    expect(subjectOf(plan('What share of Americans use both Netflix and Disney+?')).combine).toBe('all');
    expect(subjectOf(plan('What share of Gen Z use at least one of Snapchat, TikTok and Instagram?')).combine).toBe('any');
    expect(subjectOf(plan('Do more people use TikTok or Instagram in Brazil?')).combine).toBe('each');
  });

  it('reads "at least one of the two" said after the answers as at least one of them, in other languages too', () => {
    expect(subjectOf(plan('What share of Germans watch Netflix or Prime Video, at least one of the two?')).combine).toBe('any');
    expect(subjectOf(plan("Quelle part des Allemands regarde Netflix ou Prime Video, au moins l'un des deux ?")).combine).toBe('any');
    expect(subjectOf(plan('Wie viele Franzosen haben Netflix und Disney+ gleichzeitig?')).combine).toBe('all');
  });

  it('reads a verb of having stopped as a negation, never a point reached ("stopped at secondary school")', () => {
    expect(subjectOf(plan('What share of Millennials in Germany have stopped using Facebook?')).negate).toBe(true);
    expect(subjectOf(plan('What share of Brits have ditched Facebook?')).negate).toBe(true);
    const p = plan('People who stopped at secondary school: what share use news apps and sites?');
    expect(JSON.stringify(p.audiences)).not.toContain('"not":true');
  });

  it('reads "and also" of the other languages ("y también", "und auch") as every one of the answers', () => {
    expect(subjectOf(plan('¿Qué porcentaje de españoles escucha Spotify y también Apple Music?')).combine).toBe('all');
    expect(subjectOf(plan('Wie viel Prozent der Deutschen nutzen Netflix und auch Disney+?')).combine).toBe('all');
  });

  it('a follow-up asking for those who do not keeps the topic and negates it', () => {
    const first = plan('What share of Germans use TikTok?');
    expect(subjectOf(plan("And what share don't?", first)).negate).toBe(true);
  });

  it('counts people where the prompt asks for a size', () => {
    expect(plan('How big is the TikTok audience in Germany, in millions?').count).toBe(true);
    expect(plan('What share of Germans use TikTok?').count).toBe(false);
  });
});

describe('not any answer of the question', () => {
  it('"not on any social platform": every answer combined and negated, a share rather than a ranking', () => {
    const p = plan('What share of Gen Z are not on any social platform?');
    expect(p.kind).toBe('share');
    expect(p.topic?.combine).toBe('any');
    expect(p.topic?.negate).toBe(true);
    expect(p.topic?.datapoints.map((d) => d.code)).toContain('bereal');
  });

  it('non-drinkers are the "Never" answer of alcohol frequency, and their number a size', () => {
    const p = plan("What's the population of non-drinkers in the UK?");
    expect([p.topic?.question, p.topic?.datapoints.map((d) => d.code), p.count]).toEqual(['alcohol_frequency', ['never'], true]);
  });

  it('a question with its own "No ..." answer reads it as given', () => {
    expect(subjectOf(plan('What share of Americans have no pets?'))).toEqual({ datapoints: ['no_pets'], combine: 'each', minCount: undefined, negate: false });
    expect(subjectOf(plan("What share of people in Japan don't use any video streaming service?"))).toEqual({
      datapoints: ['none'],
      combine: 'each',
      minCount: undefined,
      negate: false,
    });
  });

  it('a frequency question with its own "Never" reads "not at all" as that answer', () => {
    expect(subjectOf(plan("What share of Germans don't drink alcohol at all?"))).toEqual({
      datapoints: ['never'],
      combine: 'each',
      minCount: undefined,
      negate: false,
    });
  });

  it('a ranking of what a group does not use stays a ranking, of the complements', () => {
    const p = plan('What are the top 5 platforms Gen Z do not use?');
    expect([p.kind, p.topic?.datapoints, p.topic?.negate]).toEqual(['ranking', [], true]);
  });
});

describe('a combined subject across questions', () => {
  it('"TikTok or Netflix": the other question joins the subject, not dropped', () => {
    const p = plan('How many Germans use TikTok or Netflix?');
    expect(p.topic?.combine).toBe('any');
    expect(p.topic?.also).toEqual([
      { question: 'streaming_services_used', questionName: 'Video streaming services used', datapoints: [{ code: 'netflix', name: 'Netflix' }], suffix: null },
    ]);
  });

  it('"and also own a smartwatch": every one of them', () => {
    const p = plan('What share of Gen Z use Instagram and also own a smartwatch?');
    expect([p.topic?.combine, p.topic?.also?.map((x) => x.question)]).toEqual(['all', ['devices_owned']]);
  });

  it('"own a smart TV and use Netflix": two answers each with its own verb, joined by "and", are both', () => {
    const p = plan('What share of Americans own a smart TV and use Netflix?');
    expect([p.topic?.question, p.topic?.combine, p.topic?.also?.map((x) => x.question)]).toEqual(['devices_owned', 'all', ['streaming_services_used']]);
  });

  it('is written in the order it is said, and reads "pay with", "shop on" as verbs of their answers', () => {
    const p = plan('How many Americans own a dog and use Instagram?');
    expect([p.topic?.question, p.topic?.combine, p.topic?.also?.map((x) => x.question)]).toEqual(['pets_owned', 'all', ['social_platform_usage']]);
    const q = plan('What share of Brazilian parents pay with Pix and shop on Mercado Libre?');
    expect([q.topic?.question, q.topic?.combine, q.topic?.also?.map((x) => `${x.question}/${x.suffix?.code}`)]).toEqual([
      'payment_methods',
      'all',
      ['brand_funnel_retail/3'],
    ]);
  });

  it('an answer that defines the audience is not pulled into the subject', () => {
    const p = plan('What share of Netflix users also use TikTok?');
    expect(p.topic?.also).toBeUndefined();
  });
});

describe('a negation said with an answer that is none of the thing', () => {
  it('is that answer, never its complement ("non ... mai", "don\'t spend any money")', () => {
    expect(subjectOf(plan('Che percentuale di francesi non ascolta mai podcast?'))).toMatchObject({ negate: false });
    expect(plan('Che percentuale di francesi non ascolta mai podcast?').topic?.datapoints.map((d) => d.code)).toEqual(['never']);
    expect(plan('What share of Brazilians spend nothing on games?').topic?.datapoints.map((d) => d.code)).toEqual(['spend_1']);
  });
});
