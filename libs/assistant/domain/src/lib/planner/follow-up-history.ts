import { AnalysisPlan, CodeName, PlanAudience, PlanTopic } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { readablePlan } from './context';

/** The words of a follow-up that refer to more than the last answer (`context-lexicon.json` `chatHistory`). */
const H = lexicon.chatHistory;
const COUNTS = Object.entries(H.counts as Record<string, number>).filter(([k]) => !k.startsWith('$'));

/** The member of a plan that a reference to earlier turns gathers or brings back. */
type Member = 'topic' | 'markets' | 'audiences';

/** Lower case, letters and digits only, one space between words and around the whole. */
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .trim()} `;
const has = (text: string, phrase: string) => text.includes(` ${phrase} `);

const topicKey = (t: PlanTopic | null) => (t ? `${t.question}|${t.suffix?.code ?? ''}|${t.combine ?? ''}|${t.negate ? 'not' : ''}` : '');
const answersKey = (t: PlanTopic | null) => (t ? t.datapoints.map((d) => d.code).join() : '');
const marketsKey = (p: AnalysisPlan) => p.locations.map((l) => l.code).join();
const audiencesKey = (p: AnalysisPlan) => p.audiences.map((a) => a.name.toLowerCase()).join();

function uniqueBy<T>(list: readonly T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

/** The members that differ between plans measured the same way (the answers of one question, the markets, the audiences). */
function differing(plans: readonly AnalysisPlan[]): Member[] {
  const out: Member[] = [];
  const one = <T>(f: (p: AnalysisPlan) => T) => new Set(plans.map((p) => JSON.stringify(f(p)))).size === 1;
  if (!one((p) => topicKey(p.topic))) return one(marketsKey) && one(audiencesKey) ? ['topic'] : [];
  if (!one((p) => answersKey(p.topic))) out.push('topic');
  if (!one(marketsKey)) out.push('markets');
  if (!one(audiencesKey)) out.push('audiences');
  return out;
}

/** The member a noun of the prompt names ("the first market", "the two generations"), else the one that differs. */
function memberMeant(text: string, members: readonly Member[]): Member | null {
  if (H.markets.some((w) => has(text, w)) && members.includes('markets')) return 'markets';
  if (H.audiences.some((w) => has(text, w)) && members.includes('audiences')) return 'audiences';
  return members.length === 1 ? members[0] : null;
}

/** The last plan with one member of the others gathered into it: their answers, markets or audiences side by side. */
function gathered(plans: readonly AnalysisPlan[], member: Member): AnalysisPlan {
  const last = plans[plans.length - 1];
  if (member === 'topic') {
    const topic = last.topic as PlanTopic;
    const datapoints = uniqueBy<CodeName>(
      plans.flatMap((p) => p.topic?.datapoints ?? []),
      (d) => d.code,
    );
    return { ...last, topic: { ...topic, datapoints } };
  }
  const sides = last.kind === 'share' ? 'comparison' : last.kind;
  if (member === 'markets') {
    const locations = uniqueBy<CodeName>(
      plans.flatMap((p) => p.locations),
      (l) => l.code,
    );
    return { ...last, kind: sides, locations, splitByLocation: true };
  }
  const audiences = uniqueBy<PlanAudience>(
    plans.flatMap((p) => p.audiences),
    (a) => a.name.toLowerCase(),
  );
  return { ...last, kind: sides, audiences };
}

/** The last plan with one member brought back from an earlier one ("go back to the first market"). */
function broughtBack(first: AnalysisPlan, last: AnalysisPlan, member: Member): AnalysisPlan {
  if (member === 'topic') return { ...last, topic: first.topic };
  if (member === 'markets') return { ...last, locations: first.locations, splitByLocation: first.splitByLocation };
  return { ...last, audiences: first.audiences };
}

/** How many earlier answers a count word refers to ("both", "all three", "les deux"), or 0. */
function countReferred(text: string): number {
  const found = COUNTS.filter(([phrase]) => has(text, phrase));
  return found.length === 0 ? 0 : Math.max(...found.map(([, n]) => n));
}

/** Whether the prompt refers to the first answer of the chat ("the first one", "what we looked at first"), not to a first quarter. */
function refersToFirst(text: string): boolean {
  const words = text.trim().split(' ');
  return words.some((w, i) => H.first.includes(w) && !H.notFirst.some((n) => (words[i + 1] ?? '').startsWith(n)));
}

const LATER: Record<string, number> = H.later;
/**
 * The earlier answer a prompt refers to by its place: "the first one", "what we looked at first"
 * (0), "the second one among Millennials", "the third market" (1, 2), or -1. A later place needs
 * a noun of a member, "one" or a link after it ("the second most used" is a rank, not a turn),
 * and an answer at that place that is not the last.
 */
function placeReferred(text: string, answers: number): number {
  if (refersToFirst(text)) return 0;
  // "And the one before, among Millennials?": the answer before the last one.
  if (H.before.some((phrase) => has(text, phrase))) return answers - 2;
  const words = text.trim().split(' ');
  const after = new Set([...H.laterBefore, ...H.markets, ...H.audiences, ...H.turnNouns]);
  const at = words.findIndex((w, i) => LATER[w] !== undefined && (i + 1 === words.length || after.has(words[i + 1])));
  const place = at < 0 ? -1 : LATER[words[at]];
  return place >= 0 && place < answers - 1 ? place : -1;
}

/**
 * "Compare both markets on ChatGPT", "the two generations side by side": the count and the noun of
 * the sides gathered are "them", so that the noun is read neither as every market nor as a topic.
 */
function withoutSidesNoun(prompt: string, member: Member): string {
  const nouns = member === 'markets' ? H.markets : member === 'audiences' ? H.audiences : [];
  if (nouns.length === 0) return prompt;
  const counts = COUNTS.map(([phrase]) => phrase.replace(/ /g, '\\s+')).join('|');
  const noun = nouns.map((n) => n.replace(/ /g, '\\s+')).join('|');
  return prompt.replace(new RegExp(`(?<![\\p{L}])(?:${counts})\\s+(?:${noun})(?![\\p{L}])`, 'giu'), 'them');
}

/** What a reference to earlier turns makes of the chat: the plan the follow-up continues, and the prompt less the reference. */
export interface ChatReference {
  previous: AnalysisPlan;
  prompt: string;
}

/**
 * A follow-up that refers to more than the last answer: "compare both of them" after Nike and then
 * Adidas, "how has it changed in all three?" after three markets, "les deux à la fois", "go back
 * to the first market", "what we looked at first". `history` is the chat's answered plans, oldest
 * first, the last one the previous plan. A count word ("both", "the two", "all three") gathers
 * the one member that differs between that many last plans (their answers, markets or
 * audiences; a noun says which: "both markets", "the two generations") into the last plan; "the
 * first" brings that member of the chat's first plan back, or, with a word of comparing ("compare
 * that with what we looked at first"), sets it beside the last one. When the last plan already
 * holds as many as are referred to ("and both?" after Netflix and Disney+), or nothing differs,
 * the previous plan is continued as it is.
 */
export function referToHistory(prompt: string, history: readonly AnalysisPlan[] | undefined, docked: number): ChatReference | null {
  // A stored plan of an older shape is no context (`readablePlan`).
  history = (history ?? []).filter((p) => readablePlan(p) !== null);
  if (history.length < 2) return null;
  const text = spaced(prompt);
  const last = history[history.length - 1];
  const count = countReferred(text);
  if (count >= 2) {
    const plans = history.slice(-Math.min(count, history.length));
    const member = memberMeant(text, differing(plans));
    if (!member) return null;
    const held = member === 'topic' ? (last.topic?.datapoints.length ?? 0) : member === 'markets' ? last.locations.length : last.audiences.length;
    if (held >= count) return null;
    return { previous: gathered(plans, member), prompt: withoutSidesNoun(prompt, member) };
  }
  // "The first one vs the second" of two docked audiences is theirs (docked.ts).
  const place = docked > 1 ? -1 : placeReferred(text, history.length);
  if (place < 0) return null;
  const first = history[place];
  // "Go back to the first question, but for women", "same as my first question but in Japan": the
  // whole earlier turn is continued, whatever differs from the last one.
  const whole = H.turnNouns.some((noun) => has(text, noun));
  const member = whole ? null : memberMeant(text, differing([first, last]));
  if (!member && !whole) return null;
  if (member && H.gatherWords.some((w) => has(text, w))) return { previous: gathered([first, last], member), prompt };
  return { previous: member ? broughtBack(first, last, member) : first, prompt: withoutReference(prompt) };
}

/** The prompt less the words that refer to an earlier turn ("go back to", "the first one", "my first question", "same as"). */
function withoutReference(prompt: string): string {
  const phrases = [...H.before, ...H.selectPhrases].sort((a, b) => b.length - a.length);
  const nouns = H.turnNouns.join('|');
  const ordinals = [...Object.keys(LATER), ...H.first].join('|');
  let rest = ` ${prompt} `.replace(new RegExp(`(?<![\\p{L}])(?:(?:the|my|our|that)\\s+)?(?:${ordinals})\\s+(?:${nouns})(?![\\p{L}])`, 'giu'), ' ');
  for (const phrase of phrases) rest = rest.replace(new RegExp(`\\b${phrase.replace(/ /g, '\\s+')}\\b`, 'gi'), ' ');
  rest = rest
    .replace(/\s+([,?.!])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[,\s]+/, '');
  // What opened the reference ("same as", "but") opens nothing once the reference is gone.
  const opening = new RegExp(`^(?:(?:${H.turnOpenings.join('|')})[,\\s]+)+`, 'i');
  return rest.replace(opening, '') || 'same';
}
