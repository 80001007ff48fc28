/*
 * The subject stage of the planner: once the topic is known, how its answers make the measured
 * subject. Whether the prompt asks for the complement ("don't use TikTok", "non-users of
 * Spotify", "nutzen Instagram nicht"), for one group combining several answers ("both Netflix and
 * Disney+", "either Spotify or Deezer", "at least two of ..."), and for the size of the group in
 * people ("in millions", "how big is the audience"). It reads the prompt's normalised (English)
 * words and the spans the planner found; it never chooses the topic.
 */
import { examplesAsQuestion } from './example-answers';
import { AnalysisKind, PlanAudience, PlannerCatalogue, PlanTopic, SubjectCombine } from '../assistant.types';
import { FUNCTION_WORDS, normalize } from '../text';
import { isNoneAnswer } from '../quantities';
import { inside, leavesOf, NONE_OF, readCarriedCombine, readCombine, SubjectSpan } from './combine';
import { asksForSize } from './size';
import { readExclusion, withExclusion } from './exclude';
import { allowsSeveral, excludedRefs, otherAnswers, readAllExcept, readOnly } from './exclude-only';
import { crossSubject, inSaidOrder } from './subject-cross';
import { leafNegated, noneOfLeaves } from './negated-leaves';
import lexicon from './context-lexicon.json';

export type { SubjectSpan } from './combine';
export { asksForSize, sizeCuePositions } from './size';

/** What the prompt says about the subject; `undefined` members are not said (a follow-up keeps them). */
export interface SubjectReading {
  negate?: boolean;
  combine?: SubjectCombine;
  minCount?: number;
  /** The size in people is asked for. */
  count: boolean;
  /** "Not on any social platform", "don't use streaming at all": none of the question's answers. */
  noneOfAll?: boolean;
}

/**
 * Negations per language, read as English words after the phrase tables (accents folded: "não"
 * is "nao"); written without an apostrophe ("dont"), English contractions are spelt out.
 */
const SPELT_NEGATIONS: Record<string, Record<string, string[]>> = {
  en: Object.fromEntries(
    ['do', 'does', 'did', 'is', 'are', 'was', 'were', 'have', 'has', 'had', 'would', 'could', 'should']
      .map((v): [string, string[]] => [`${v}nt`, [v, 'not']])
      .concat([
        ['wont', ['will', 'not']],
        ['cant', ['can', 'not']],
        ['cannot', ['can', 'not']],
      ]),
  ),
  de: {
    nicht: ['not'],
    kein: ['no'],
    keine: ['no'],
    keinen: ['no'],
    keiner: ['no'],
    keinem: ['no'],
    nie: ['never'],
    niemals: ['never'],
    weder: ['neither'],
    noch: ['nor'],
  },
  es: { no: ['not'], nunca: ['never'], ni: ['nor'], ninguno: ['none'], ninguna: ['none'] },
  fr: { pas: ['not'], jamais: ['never'], ni: ['nor'], aucun: ['none'], aucune: ['none'] },
  pt: { nao: ['not'], nunca: ['never'], nem: ['nor'], nenhum: ['none'], nenhuma: ['none'] },
  it: { non: ['not'], mai: ['never'], ne: ['nor'], nessuno: ['none'] },
};

/** The prompt's words with its negations as English words ("nutzen Instagram nicht": "not"). */
export function spellNegations(words: readonly string[], lang: string): string[] {
  const table = SPELT_NEGATIONS[lang];
  if (!table) return [...words];
  return words.flatMap((w) => table[w] ?? [w]);
}

/** Words that negate what follows them, and verbs of having stopped ("have stopped using Facebook"). */
const STOP_VERBS = new Set(lexicon.subjectWords.stopVerbs);
/** Adverbs a negation may carry before its verb ("never even heard of it", "don't really use it"): no content of the clause. */
const NEGATION_ADVERBS = new Set(lexicon.subjectWords.negationAdverbs);
const NEGATIONS = new Set(['not', 'never', 'no', 'without', ...STOP_VERBS]);
/** After a verb of stopping, words that make it a point reached, not a use given up ("stopped at secondary school"). */
const STOPPED_WHERE = new Set(['at', 'after', 'before', 'in', 'by', 'for', 'when', 'once', 'there', 'here', 'to']);
/** Negations that may close the clause they negate ("nutzen Instagram nicht"): they look back too. */
const TRAILING_NEGATIONS = new Set(['not', 'never']);
/** Content words a negation reaches over to its answer ("have not bought from Zara": "bought"). */
const MAX_CONTENT_BETWEEN = 2;
/** "Non-users", "non-customers": people who do not. */
const NON_PEOPLE =
  /^(users?|customers?|owners?|viewers?|buyers?|subscribers?|listeners?|players?|watchers?|followers?|members?|drinkers?|nutzer|usuarios|utilisateurs|utilizadores|usuarios)$/;
/** Words that end a clause: a negation does not reach past them. */
const CLAUSE_END = new Set(['|', 'but', 'who', 'which', 'whether', 'if', 'than', 'whereas', 'while', 'among', 'amongst']);
/** How far (in words) a negation reaches to the answer it negates. */
const REACH = 5;

interface Roles {
  /** Span index -> whether it names one of the topic's datapoints. */
  topic: SubjectSpan[];
  others: SubjectSpan[];
}

/**
 * The spans naming the topic's answers, and the others that name something else of the plan
 * (audiences, markets). A name the plan does not use ("social media" read as the platforms
 * question, not as a news source) is a word like any other.
 */
function rolesOf(spans: readonly SubjectSpan[], topic: PlanTopic | null, audiences: readonly PlanAudience[] | null): Roles {
  const wanted = new Set(topic?.datapoints.map((d) => d.code) ?? []);
  const topicLeaves = new Set([...wanted].map((d) => `${topic?.question}:${d}`));
  for (const part of topic?.also ?? []) if (!part.not) for (const d of part.datapoints) topicLeaves.add(`${part.question}:${d.code}`);
  // "How many people are not Gen Z?": an audience sized as the topic names the topic's answers.
  const sized = (s: SubjectSpan) => {
    const leaves = s.entry.kind === 'audience' ? [...leavesOf(s.entry.expression)] : [];
    return leaves.length > 0 && leaves.every((l) => topicLeaves.has(l));
  };
  const names = (s: SubjectSpan) =>
    (s.entry.kind === 'datapoint' && (s.entry.refs ?? []).some((r) => r.question.code === topic?.question && wanted.has(r.datapoint.code))) || sized(s);
  const leaves = audiences ? new Set(audiences.flatMap((a) => [...leavesOf(a.expression)])) : null;
  const used = (s: SubjectSpan) =>
    s.entry.kind !== 'datapoint' || leaves === null || (s.entry.refs ?? []).some((r) => leaves.has(`${r.question.code}:${r.datapoint.code}`));
  return { topic: spans.filter(names), others: spans.filter((s) => !names(s) && used(s)) };
}

/**
 * The first span reached from `from` stepping `step` (+1 forward, -1 back), within REACH words
 * and the clause: the topic's, another one, or none.
 */
function reached(words: readonly string[], roles: Roles, from: number, step: 1 | -1): { role: 'topic' | 'other' | 'none'; span?: SubjectSpan } {
  let content = 0;
  for (let k = 1, i = from + step; k <= REACH && i >= 0 && i < words.length; k++, i += step) {
    const topic = roles.topic.find((s) => i >= s.start && i < s.end);
    if (topic) return { role: 'topic', span: topic };
    const other = roles.others.find((s) => i >= s.start && i < s.end);
    if (other) return { role: 'other', span: other };
    if (CLAUSE_END.has(words[i])) break;
    // "people who do not own a car use Uber": past a second verb the negation is another clause's.
    if (!FUNCTION_WORDS.has(words[i]) && ++content > MAX_CONTENT_BETWEEN) break;
  }
  return { role: 'none' };
}

/** Whether position `i` holds a negation word (not one inside a name, nor "not sure", "no idea"). */
function negationAt(words: readonly string[], spans: readonly SubjectSpan[], roles: Roles, i: number): 'word' | 'non' | null {
  const w = words[i];
  const own = inside(spans, i);
  // A negation inside a name ("Non-Facebook users", "Never smoked", "No car") is the name's own;
  // a one-word answer of another question ("Never") still negates.
  if (own && !(own.entry.kind === 'datapoint' && !roles.topic.includes(own) && own.end - own.start === 1)) return null;
  // "Non-users of Spotify", "Spotify non-users", "non-Netflix subscribers".
  if (w === 'non' && (NON_PEOPLE.test(words[i + 1] ?? '') || spans.some((s) => s.start === i + 1))) return 'non';
  if (!NEGATIONS.has(w) && !NONE_OF.has(w)) return null;
  if (STOP_VERBS.has(w) && STOPPED_WHERE.has(words[i + 1] ?? '')) return null;
  if (w === 'no' && ['idea', 'doubt', 'matter'].includes(words[i + 1] ?? '')) return null;
  if (w === 'not' && ['sure', 'only', 'just', 'counting', 'including', 'certain'].includes(words[i + 1] ?? '')) return null;
  return 'word';
}

/** Whether a negation in the prompt negates the topic (not an audience, not the asker: "not sure"). */
function readNegation(words: readonly string[], spans: readonly SubjectSpan[], roles: Roles): boolean | undefined {
  const named = [...roles.topic].sort((a, b) => a.start - b.start);
  for (let i = 0; i < words.length; i++) {
    const at = negationAt(words, spans, roles, i);
    if (!at) continue;
    // "TikTok but not Instagram": one answer without another is no complement of the topic.
    if (named.length > 1 && i > named[0].start && i < named[named.length - 1].start && !NONE_OF.has(words[i])) return undefined;
    const ahead = reached(words, roles, at === 'non' && NON_PEOPLE.test(words[i + 1] ?? '') ? i + 1 : i, 1);
    const forward = ahead.role;
    if (forward === 'topic') return true;
    const back = TRAILING_NEGATIONS.has(words[i]) || at === 'non' ? reached(words, roles, i, -1).role : 'none';
    // A market is never what a negation negates: "犬を飼っていない日本人" ("dog do not own japanese")
    // closes its clause on the answer before it, the people after it.
    if (back === 'topic' && (forward !== 'other' || ahead.span?.entry.kind === 'market')) return true;
    // "And what share don't?", "which platforms do Gen Z not use?": the answers are not named
    // (they come from the chat, or are every answer), and the negation closes its clause.
    const end = words.indexOf('|', i);
    const rest = words.slice(i + 1, end < 0 ? words.length : end).filter((x) => !FUNCTION_WORDS.has(x) && !NEGATION_ADVERBS.has(x));
    if (named.length === 0 && forward === 'none' && rest.length <= 1 && !spans.some((s) => s.start > i)) return true;
  }
  return undefined;
}

/**
 * The audiences with the answers a negation reaches negated ("Gen Z who don't use Facebook":
 * the Facebook leaf of a phrase audience gets `not: true`). Saved and docked audiences are kept.
 */
export function negateAudiences(audiences: PlanAudience[], words: readonly string[], spans: readonly SubjectSpan[], topic: PlanTopic | null): PlanAudience[] {
  const roles = rolesOf(spans, topic, null);
  const negated: SubjectSpan[] = [];
  for (let i = 0; i < words.length; i++) {
    const at = negationAt(words, spans, roles, i);
    if (!at) continue;
    const hit = reached(words, roles, at === 'non' ? i + 1 : i, 1);
    if (hit.role === 'other' && hit.span?.entry.kind === 'datapoint') negated.push(hit.span);
  }
  if (negated.length === 0) return audiences;
  return audiences.map((a, at) => {
    if (a.origin !== 'phrase') return a;
    let changed = false;
    const visit = (node: unknown): unknown => {
      if (!node || typeof node !== 'object') return node;
      const n = node as Record<string, unknown>;
      if (Array.isArray(n['and'])) return { ...n, and: (n['and'] as unknown[]).map(visit) };
      if (leafNegated(n, at, audiences, spans, negated) && n['not'] !== true) {
        changed = true;
        return { ...n, not: true };
      }
      return n;
    };
    const expression = noneOfLeaves(visit(a.expression) as Record<string, unknown>, words);
    if (!changed) return a;
    let name = a.name;
    for (const s of negated) {
      const dp = s.entry.refs?.[0]?.datapoint.name ?? '';
      name = name.includes(dp) ? name.replace(dp, `non-${dp}`) : `${name} & not ${dp}`;
    }
    return {
      ...a,
      id: `not:${a.id}`,
      name,
      description: `${a.description} Negated answers: ${negated.map((s) => s.entry.refs?.[0]?.datapoint.name).join(', ')}.`,
      expression,
    };
  });
}

/**
 * What the prompt says about the subject of `topic`. `topicNamed`: the topic's answers are named
 * in this prompt (not only carried over from the chat).
 */
export function readSubject(
  words: readonly string[],
  spans: readonly SubjectSpan[],
  topic: PlanTopic | null,
  audiences: readonly PlanAudience[] | null = null,
): SubjectReading {
  const count = asksForSize(words);
  if (!topic) return { count };
  const roles = rolesOf(spans, topic, audiences);
  if (topic.datapoints.length === 0 && noneOfAll(words, spans, roles)) return { count, noneOfAll: true, combine: 'any', negate: true };
  // "And both?" after "Netflix or Hulu": the answers carried from the chat, combined anew.
  const carried = roles.topic.length === 0 && topic.datapoints.length > 1 ? readCarriedCombine(words) : undefined;
  const combined = readCombine(words, roles.topic) ?? carried;
  // "Non ascolta mai", "don't spend any money": a negation said with an answer that is itself none
  // of the thing ("Never", "Nothing") is that answer, never its complement.
  const noneAnswer = topic.datapoints.length > 0 && topic.datapoints.every((d) => isNoneAnswer(normalize(d.name)));
  const negate = noneAnswer ? undefined : (carried?.negate ?? readNegation(words, spans, roles));
  const neither = combined?.combine === 'any' && words.some((w) => NONE_OF.has(w));
  // Side by side ("compare both of them") is the default, written by leaving `combine` out.
  const combine = combined?.combine === 'each' ? undefined : combined?.combine;
  return { count, combine, minCount: combined?.minCount, negate: negate || neither ? true : undefined };
}

const SHARE_ASKED = / (share|percentage|percent|proportion|fraction|how many|number of|portion) /;
const RANKING_ASKED = / (top|most|least|rank|ranking|ranked|bottom|leading|main|biggest|largest|popular|favourite|favorite) /;

/** "Not on any social platform", "no streaming service at all": a negation of any answer of the question. */
function noneOfAll(words: readonly string[], spans: readonly SubjectSpan[], roles: Roles): boolean {
  const text = ` ${words.join(' ')} `;
  for (let i = 0; i < words.length; i++) {
    if (!negationAt(words, spans, roles, i)) continue;
    const next = words.slice(i + 1, i + 4);
    if ((next.includes('any') || words[i] === 'no' || words[i] === 'none') && reached(words, roles, i, 1).role !== 'other') return true;
    if (/ at all /.test(text) && reached(words, roles, i, 1).role !== 'other') return true;
    // "What share of Germans never use social media?": a share of those outside the whole question.
    if (SHARE_ASKED.test(text) && !RANKING_ASKED.test(text) && reached(words, roles, i, 1).role === 'none') return true;
  }
  return false;
}

/**
 * Answers that are no use of anything ("None of these", "No pets", "Not a gamer", "Never") or
 * gather whatever else there is ("Other"): "not any of them" is never one of these.
 */
const NOT_AN_ANSWER = /^(none\b|other\b|no\b|not\b|never\b)/i;

/**
 * The plan's topic and kind with the subject the prompt says: negated or combined answers, and
 * for "not on any social platform" every answer of the question combined and negated (a share,
 * no longer a ranking).
 */
export function applySubject(
  plan: { kind: AnalysisKind; topic: PlanTopic; audiences: readonly PlanAudience[] },
  words: readonly string[],
  spans: readonly SubjectSpan[],
  catalogue: PlannerCatalogue,
): { topic: PlanTopic; kind: AnalysisKind } {
  const { kind, topic } = plan;
  // "Meditation, therapy, journaling etc": examples naming their question, ranked whole (example-answers.ts).
  const examples = examplesAsQuestion(topic, words, rolesOf(spans, topic, plan.audiences).topic);
  if (examples) return examples;
  const subject = readSubject(words, spans, topic, plan.audiences);
  if (subject.noneOfAll) {
    const question = catalogue.questions.find((q) => q.code === topic.question);
    // A question with its own answer for it ("No pets", "No car", a frequency's "Never", a count's
    // "None", a list's "None of these"): that answer, as respondents gave it.
    const own = (question?.datapoints ?? []).filter(
      (d) => /^no\s/i.test(d.name.trim()) || /^(never|none|none of (these|the above|them))$/i.test(d.name.trim()),
    );
    if (own.length === 1) return { topic: { ...topic, datapoints: [{ code: own[0].code, name: own[0].name }] }, kind: kind === 'ranking' ? 'share' : kind };
    const answers = (question?.datapoints ?? []).filter((d) => !NOT_AN_ANSWER.test(d.name.trim())).map((d) => ({ code: d.code, name: d.name }));
    if (answers.length < 2) return { topic, kind };
    return { topic: { ...topic, datapoints: answers, combine: 'any', negate: true }, kind: kind === 'ranking' ? 'share' : kind };
  }
  // "TikTok but not Instagram": answers given and answers not given, one subject (exclude.ts).
  const split = readExclusion(words, rolesOf(spans, topic, plan.audiences).topic, topic);
  if (split) return { topic: withExclusion(topic, split), kind };
  // "Which services other than Netflix are most used?": a ranking of every other answer (exclude-only.ts).
  const excepted = rolesOf(spans, topic, plan.audiences).topic;
  if (RANKING_ASKED.test(` ${words.join(' ')} `) && readAllExcept(words, excepted)) {
    const others = otherAnswers(topic, catalogue);
    const { combine: _combine, negate: _negate, minCount: _minCount, ...rest } = topic;
    if (others.length > 1) return { topic: { ...rest, datapoints: excludedRefs(others, topic, catalogue) }, kind: 'ranking' };
  }
  // "Only TikTok", "WhatsApp and no other social platform": every other answer not given (exclude-only.ts).
  const alone = rolesOf(spans, topic, plan.audiences).topic;
  if (alone.length > 0 && allowsSeveral(topic, catalogue) && readOnly(words, alone)) {
    const excluded = otherAnswers(topic, catalogue);
    if (excluded.length > 0)
      return {
        topic: withExclusion(
          { ...topic, datapoints: [...topic.datapoints, ...excludedRefs(excluded, topic, catalogue)] },
          { given: topic.datapoints.map((d) => d.code), excluded },
        ),
        kind: kind === 'ranking' ? 'share' : kind,
      };
  }
  const out = withSubject(topic, subject);
  // "And what % use at least two of A, B and C?" after a ranking: answers combined are one group's share, not a ranking.
  const combined = out.combine !== undefined && out.combine !== 'each' && out.datapoints.length > 1;
  // "TikTok or Netflix": answers of another question in the same subject (subject-cross.ts).
  const cross = crossSubject(words, spans, out, plan.audiences, catalogue);
  if (!cross) return { topic: out, kind: combined && kind === 'ranking' ? 'share' : kind };
  const { minCount: _dropped, ...rest } = out;
  const crossed: PlanTopic = { ...rest, combine: cross.combine, also: cross.also };
  return { topic: cross.otherFirst ? inSaidOrder(crossed) : crossed, kind };
}

/** The topic with what the prompt says about its subject; members not said are kept as they are. */
export function withSubject(topic: PlanTopic, subject: SubjectReading): PlanTopic {
  const out: PlanTopic = { ...topic };
  if (subject.combine && topic.datapoints.length > 1) {
    out.combine = subject.combine;
    if (subject.combine === 'at-least') out.minCount = subject.minCount;
    else delete out.minCount;
  }
  if (subject.negate !== undefined) out.negate = subject.negate;
  return out;
}
