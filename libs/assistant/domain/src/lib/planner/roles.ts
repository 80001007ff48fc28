import { PlanAudience, PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { GROUP_NOUNS } from '../synonyms';
import { FUNCTION_WORDS, STOPWORDS, stem } from '../text';
import { singleLeaf, spanAudience } from './audiences';
import { audienceHeadWords } from './asked-people';
import { pairingWordSpans, pairJoin, unionAudience } from './audience-pairs';
import { isAgentNounOf } from './derived-forms';
import { clauseGroup, peopleBefore, placedPeopleBefore } from './relative-heads';
import { coordinatedInClause } from './clause-subjects';
import { isIndexTarget, whPhraseEnd } from './index-target';
import { betweenPair } from './between-sides';
import { juxtaposedMember } from './juxtaposed-list';
import { CONNECTORS, PROFILE_REQUEST } from './cues';
import { BOTH, EITHER } from './combine';
import { wordsOnlyTopicScore } from './topic-words';
import { Reading, Roles, Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** One-word cues of a share ("share", "proportion", "percentage"). */
const SHARE_WORDS = new Set(LEXICON.cues.share.filter((c) => !c.includes(' ')));
/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Words that may sit between two parts of one audience ("women aged 25-34", "Gen Z who are parents"). */
export const GLUE = new Set(G.glue);

/**
 * Which mentions are the group and which the topic: demographic and saved audiences are groups;
 * a datapoint is a group when people are named by it ("TikTok users", "users of TikTok",
 * "among Netflix subscribers") and something else is measured; everything else is the topic.
 * Groups joined by "or", "vs", "and" are sides of a comparison; other groups narrow each side.
 */
export function assignRoles(
  reading: Reading,
  index: CatalogueIndex,
  catalogue: PlannerCatalogue,
  frame: { indexing: boolean; contextAudience: boolean; topicKept?: boolean },
): Roles {
  const { words } = reading;
  audienceHeadWords(reading);
  // "who both cycle and run": the word of pairing, not the "Both" answer of smoking.
  const pairing = pairingWordSpans(words, reading.spans);
  const spans = reading.spans.filter((s) => !pairing.has(s));
  const datapointSpans = spans.filter((s) => s.entry.kind === 'datapoint');
  const audienceSpans = spans.filter((s) => s.entry.kind === 'audience');
  // An index needs an audience: with none named elsewhere, the things named outside the index's
  // target ("what are vegans unusually likely to do?") are who is profiled.
  // What a "which"/"what" phrase asks for ("which TV genres do anime viewers...") is the topic.
  const asked = whPhraseEnd(words);
  const groupCapable = groupCapableSpans(words, datapointSpans, frame.topicKept === true, spans, reading.used);
  // With people named ("vegetarians"), the object of a verb of using ("use Deliveroo") is what is indexed.
  const objectOfUse = (s: Span) => groupCapable.size > 0 && !groupCapable.has(s) && OBJECT_VERB_STEMS.has(stem(words[s.start - 1] ?? ''));
  const profiled =
    frame.indexing && audienceSpans.length === 0 && !frame.contextAudience
      ? datapointSpans.filter((s) => s.start >= asked && !isIndexTarget(words, reading.used, s) && !objectOfUse(s))
      : [];
  const otherTopics = datapointSpans.filter((s) => !groupCapable.has(s));
  const wordTopic = wordsOnlyTopicScore(withOwnHeads(reading, index, datapointSpans), index, catalogue);
  let groups: Span[] = [];
  // In a follow-up that keeps its topic, the topic measured is the previous one.
  // A request to describe people named by an answer ("what are vegans passionate about?") profiles them.
  const describing = PROFILE_REQUEST.test(words.join(' '));
  if (groupCapable.size > 0 && (otherTopics.length > 0 || wordTopic >= 6 || frame.topicKept || describing)) groups = [...groupCapable];
  for (const s of profiled) if (!groups.includes(s)) groups.push(s);
  // Coordinated phrases play the same part: a datapoint joined to a group by "or", "vs", "and"
  // ("Tech early adopters or the late majority") is a group too.
  for (let changed = true; changed;) {
    changed = false;
    for (const s of datapointSpans) {
      if (groups.includes(s)) continue;
      // The object of a verb of using ("how do boomers use Facebook vs Gen X") is what is measured.
      if (OBJECT_VERB_STEMS.has(stem(words[s.start - 1] ?? ''))) continue;
      const partner = [...audienceSpans, ...groups].find(
        (g) => coordinated(words, g, s) || coordinated(words, s, g) || betweenPair(words, g, s) || betweenPair(words, s, g),
      );
      if (partner) {
        groups.push(s);
        changed = true;
      }
    }
  }
  const topicSpans = datapointSpans.filter((s) => !groups.includes(s));
  // A pair of groups ("who use both Netflix and Disney+"): its word of pairing is no answer for any later stage either.
  const pairedGroups = [...pairing].filter((p) => groups.includes(spans.filter((s) => s.start >= p.end).sort((a, b) => a.start - b.start)[0]));
  if (pairedGroups.length > 0) reading.spans = reading.spans.filter((s) => !pairedGroups.includes(s));
  const sides = audienceSides(
    words,
    [...audienceSpans, ...groups].sort((a, b) => a.start - b.start),
  );
  return { sides, topicSpans, groupSpans: groups };
}

/** Datapoint mentions that name people ("TikTok users", "people who own a dog", "among Netflix subscribers"). */
function groupCapableSpans(words: string[], datapointSpans: Span[], topicKept: boolean, spans: readonly Span[], used: ReadonlySet<number>): Set<Span> {
  const groupCapable = new Set<Span>();
  const zoneStart = words.findIndex((w) => w === 'among' || w === 'amongst');
  const whEnd = whPhraseEnd(words);
  for (const s of datapointSpans) {
    if (coordinatedInClause(words, s, datapointSpans)) continue;
    const next = words[s.end] ?? '';
    const prev = words[s.start - 1] ?? '';
    const prev2 = words[s.start - 2] ?? '';
    // "holders of a postgraduate degree": the group noun before "of" and an article.
    const ofHead = prev === 'of' ? prev2 : ['a', 'an', 'the'].includes(prev) && prev2 === 'of' ? (words[s.start - 3] ?? '') : '';
    if (
      s.amountGroup ||
      GROUP_NOUNS.has(next) ||
      namesPeople(s) ||
      saidAsPerson(words, s) ||
      GROUP_NOUNS.has(ofHead) ||
      (zoneStart >= 0 && s.start > zoneStart && !words.slice(zoneStart, s.start).includes('|') && GROUP_NOUNS.has(next)) ||
      // "among senior managers", "among students": an answer said in the plural after "among" counts people.
      ((prev === 'among' || prev === 'amongst') && words[s.end - 1] !== s.entry.words[s.entry.words.length - 1] && words[s.end - 1].endsWith('s'))
    )
      groupCapable.add(s);
    // "people who own a dog in the UK: what share use Instagram?", "of those who own a cat, how
    // many...": a relative clause about people names a group, with or without "among".
    const clauseStart = words.lastIndexOf('|', s.start) + 1;
    const lead = words.slice(Math.max(clauseStart, s.start - 5), s.start);
    const who = lead.findIndex((w) => RELATIVE_WORDS.has(w));
    // "Gen Z women who don't use TikTok are on Instagram", "Millennials who own a dog also have a cat":
    // an answer of the same question measured after a verb of its own.
    const nextAnswer = datapointSpans.filter((o) => o.start >= s.end).sort((a, b) => a.start - b.start)[0];
    const measuredAfter =
      topicKept ||
      datapointSpans.some((o) => o.start >= s.end && !sameQuestion(o, s)) ||
      (nextAnswer !== undefined &&
        sameQuestion(nextAnswer, s) &&
        who >= 0 &&
        verbBetween(words, s.end, nextAnswer.start) &&
        // "Millennials who own a dog also have a cat": the next answer is said by a verb of the main
        // clause, not joined to the clause's own ("who own a dog and a cat", "... or have a cat") nor
        // set against it ("who use Instagram but don't use Facebook": the answer left out of the subject).
        (lead.slice(who + 1).some((w) => NEGATED_CLAUSE.has(w)) ||
          !words.slice(s.end, nextAnswer.start).some((w) => CONNECTORS.has(w) || BOTH.has(w) || EITHER.has(w) || NEGATED_CLAUSE.has(w))));
    // "Which airlines do people who play golf fly with?": what is measured is asked before the clause.
    // The clause goes on with its own verb ("... fly with"), so the people are not what is counted.
    const askedBefore = whEnd > 1 && s.start >= whEnd && verbAfter(words, s.end, used);
    // "How common is meditation for people who feel stressed ...", "Instagram: people who own a
    // dog": the clause's people, with an answer of another question named before them.
    const head = s.start - lead.length + who - 1;
    // "Among postgraduates, what is the share of people who are vegan?": after a share and "of", nothing measured after it, the clause is measured.
    const sharedOf = words[head - 1] === 'of' && SHARE_WORDS.has(words[head - 2] ?? '');
    const measuredBefore = who > 0 && !sharedOf && datapointSpans.some((o) => o.end <= head && !sameQuestion(o, s));
    if (who > 0 && RELATIVE_HEADS.has(lead[who - 1]) && (measuredAfter || askedBefore || measuredBefore)) groupCapable.add(s);
    // "Germans who travel for work ...", "people in the UK who think their money will get worse ...".
    else if ((measuredAfter || askedBefore) && clauseGroup(words, s, datapointSpans, spans, askedBefore)) groupCapable.add(s);
    // "people with a postgraduate degree", "those with a mortgage": people described by what they have.
    // "people on a keto diet": on a way of living, as with what they have; "those in full-time employment": in a state.
    // "respondents in India with a postgraduate degree": the people placed in their market first.
    // "Americans with an electric car", "Millennials with a mortgage": the people of a market or an audience too
    // ("Gen Z on true crime podcasts" is an index's target, not people on it).
    const withAt = Math.max(lead.lastIndexOf('with'), lead.lastIndexOf('on'), lead.lastIndexOf('in'));
    const withWord = s.start - lead.length + withAt;
    const withPeople =
      withAt > 0 &&
      (RELATIVE_HEADS.has(lead[withAt - 1]) || placedPeopleBefore(words, withWord, spans) || (lead[withAt] === 'with' && peopleBefore(words, withWord, spans)));
    // "How does back pain compare between those in full-time employment and ...": what is measured said before them.
    const withMeasuredBefore = withAt > 0 && datapointSpans.some((o) => o.end <= withWord - 1 && !sameQuestion(o, s));
    if (
      withPeople &&
      lead.slice(withAt + 1).every((w) => ['a', 'an', 'the'].includes(w)) &&
      (measuredAfter || withMeasuredBefore || verbAfter(words, s.end, used))
    )
      groupCapable.add(s);
    // "people who use Netflix", "those who own a dog" inside "among ...".
    if (
      zoneStart >= 0 &&
      s.start > zoneStart &&
      words.slice(zoneStart, s.start).some((w) => RELATIVE_WORDS.has(w)) &&
      !words.slice(zoneStart, s.start).includes('|')
    )
      groupCapable.add(s);
  }
  // "iOS vs Android users": a group noun after the last of joined mentions makes them all groups.
  for (let i = 0; i < datapointSpans.length - 1; i++) {
    const a = datapointSpans[i];
    const b = datapointSpans[i + 1];
    if (groupCapable.has(b) && b.start - a.end === 1 && CONNECTORS.has(words[a.end]) && sameQuestion(a, b)) groupCapable.add(a);
  }
  return groupCapable;
}

/** Groups joined by a connector are sides of a comparison; groups joined by glue words narrow one side. */
function audienceSides(words: string[], mentions: Span[]): PlanAudience[][] {
  const clauses: { spans: Span[]; joinedToPrevious: boolean; pairFirst?: Span; unions: Span[][] }[] = [];
  for (const m of mentions) {
    const last = clauses[clauses.length - 1];
    if (!last) {
      clauses.push({ spans: [m], joinedToPrevious: false, unions: [] });
      continue;
    }
    const previous = last.spans[last.spans.length - 1];
    // "people who use both TikTok and Instagram", "either Nubank or Revolut": a pair is one audience.
    const first = last.pairFirst ?? previous;
    const join = pairJoin(words, first, previous, m);
    if (join) {
      last.spans.push(m);
      last.pairFirst = first;
      const run = last.unions.find((u) => u.includes(previous));
      if (join === 'any' && run) run.push(m);
      else if (join === 'any') last.unions.push([previous, m]);
      continue;
    }
    const prevEnd = previous.end;
    let gap = words.slice(prevEnd, m.start);
    // Group nouns after a datapoint group ("iOS users and ...") belong to it.
    gap = gap.filter((w) => !GROUP_NOUNS.has(w));
    const comparing = /\b(compare|compared|comparing|contrast|contrasted)\b/.test(words.join(' '));
    const connector =
      gap.some((w) => CONNECTORS.has(w) || (comparing && (w === 'with' || w === 'to'))) ||
      / next to | alongside | beside | relative to | different from | differ from | differs from | unlike | as opposed to /.test(` ${gap.join(' ')} `) ||
      (gap.length === 1 && gap[0] === '|' && clauses.length >= 1 && (isListEnd(words, m) || continuesList(words, m, mentions)));
    // "men or women", "Gen Z use TikTok more than Millennials": a connector between two groups makes two sides;
    // so does a list typed without its commas ("Students retirees and full-time workers").
    const listed = gap.length === 0 && juxtaposedMember(words, previous, m, mentions, betweenSpans(words), (w) => CONNECTORS.has(w));
    if (connector || listed) clauses.push({ spans: [m], joinedToPrevious: true, unions: [] });
    else if (gap.length === 0 || gap.every((w) => GLUE.has(w))) last.spans.push(m);
    else clauses.push({ spans: [m], joinedToPrevious: false, unions: [] });
  }
  // The run of joined clauses is the comparison; the rest narrow every side.
  let best: { from: number; to: number } | null = null;
  for (let i = 0; i < clauses.length;) {
    let j = i;
    while (j + 1 < clauses.length && clauses[j + 1].joinedToPrevious) j++;
    if (j > i && (!best || j - i > best.to - best.from)) best = { from: i, to: j };
    i = j + 1;
  }
  const toAudience = (s: Span) => spanAudience(s, words);
  const present = (a: PlanAudience | null): a is PlanAudience => a !== null;
  const toAudiences = (c: { spans: Span[]; unions: Span[][] }) => [
    ...c.spans
      .filter((s) => !c.unions.some((u) => u.includes(s)))
      .map(toAudience)
      .filter(present),
    ...c.unions
      .map((u) => u.map(toAudience).filter(present))
      .filter((u) => u.length > 0)
      .map(unionAudience),
  ];
  let sides: PlanAudience[][];
  if (best) {
    siblingSides(clauses.slice(best.from, best.to + 1));
    const common = clauses.filter((_, k) => k < best.from || k > best.to).flatMap((c) => toAudiences(c));
    sides = clauses.slice(best.from, best.to + 1).map((c) => [...toAudiences(c), ...common]);
  } else {
    const all = clauses.flatMap((c) => toAudiences(c));
    sides = all.length > 0 ? [all] : [];
  }
  return sides;
}

/** The question a side of one span is an answer of, when it names one only. */
function sideQuestion(span: Span): string | undefined {
  if (span.entry.kind === 'audience') return singleLeaf(span.entry.expression)?.question;
  if (span.entry.kind !== 'datapoint') return undefined;
  const questions = new Set(span.entry.refs.map((r) => r.question.code));
  return questions.size === 1 ? [...questions][0] : undefined;
}

/**
 * "Renters and people with a mortgage": a side whose words name answers of several questions
 * ("mortgage": the product held, the home owned with one) is the answer of the question the other
 * sides are answers of, when that is one of them; sides are set against their siblings.
 */
function siblingSides(clauses: { spans: Span[] }[]): void {
  const single = clauses.map((c) => (c.spans.length === 1 ? sideQuestion(c.spans[0]) : undefined));
  clauses.forEach((c, k) => {
    const span = c.spans[0];
    if (c.spans.length !== 1 || single[k] !== undefined || span.entry.kind !== 'datapoint' || span.amountGroup) return;
    const refs = span.entry.refs;
    const sibling = single.find((q, j) => j !== k && q !== undefined && refs.some((r) => r.question.code === q));
    if (sibling) c.spans[0] = { ...span, entry: { ...span.entry, refs: refs.filter((r) => r.question.code === sibling) } };
  });
}

/** Stems of verbs whose object is the thing measured, never a group of people. */
export const OBJECT_VERB_STEMS = new Set(G.objectVerbStems);

/** Words for people that a relative clause ("who own a dog") turns into a group. */
export const RELATIVE_HEADS = new Set(G.relativeHeads);
/** Words that open a relative clause about people ("who", "that"). */
const RELATIVE_WORDS = new Set(G.relativeWords);

/** A datapoint named after a kind of person ("Hardcore gamer", "Bargain hunter", "Early adopter"): a group when something else is measured. */
export function namesPeople(span: Span): boolean {
  if (span.entry.kind !== 'datapoint') return false;
  const last = span.entry.words[span.entry.words.length - 1];
  return span.entry.words.length > 1 && (GROUP_NOUNS.has(last) || PERSON_NOUN.has(last));
}

/**
 * A one-word answer said as the noun for its people ("vegans", "flexitarians" for the diets
 * "Vegan", "Flexitarian"; `grammar.json` `personNouns`), or a person formed from it ("runners" for
 * "Running"): a group when something else is measured.
 */
export function saidAsPerson(words: string[], span: Span): boolean {
  if (span.entry.kind !== 'datapoint' || span.entry.words.length !== 1 || span.end - span.start !== 1) return false;
  // "runners" for "Running", "cyclists" for "Cycling": a person formed from the answer's name.
  return PERSON_NOUN.has(words[span.start]) || isAgentNounOf(words[span.start], span.entry.words[0]);
}

/** Nouns naming a kind of person in datapoint names. */
export const PERSON_NOUN = new Set(G.personNouns);

/** Whether `b` follows `a` joined only by a comparison connector (and "the"): "A or the B", "A vs B". */
export function coordinated(words: string[], a: Span, b: Span): boolean {
  if (b.start <= a.end) return false;
  const gap = words.slice(a.end, b.start).filter((w) => !GROUP_NOUNS.has(w) && w !== 'the');
  return gap.length === 1 && ['or', 'vs', 'versus', 'against'].includes(gap[0]);
}

/** "Students, retirees and full-time workers": a comma before a group the list goes on from. */
export function continuesList(words: string[], m: Span, mentions: Span[]): boolean {
  const next = mentions.find((x) => x.start >= m.end);
  if (!next) return false;
  // "cities, suburbs or the countryside": an article before the last item still ends the list.
  const gap = words.slice(m.end, next.start).filter((w) => !GROUP_NOUNS.has(w) && !['the', 'a', 'an'].includes(w));
  return gap.length === 1 && (gap[0] === '|' || CONNECTORS.has(gap[0]));
}

/** The words between two spans that are neither group nouns ("drinkers", "users") nor nothing. */
const betweenSpans = (words: string[]) => (a: Span, b: Span) => words.slice(a.end, b.start).filter((w) => !GROUP_NOUNS.has(w));

export function isListEnd(words: string[], m: Span): boolean {
  return words[m.end] === undefined || words[m.end] === '|';
}

/** Words that join two answers of one clause ("TikTok and/or Instagram", "TikTok but not Instagram"), not a verb of another. */
const ANSWER_JOINERS = new Set(G.answerJoiners);
/** Words that negate a clause about people ("who don't use TikTok"). */
const NEGATED_CLAUSE = new Set(G.clauseNegations);

/** Whether a word between `from` and `to` starts another clause's verb ("who use TikTok are on Instagram", "also have a cat"). */
export function verbBetween(words: readonly string[], from: number, to: number): boolean {
  return words.slice(from, to).some((w) => w !== '|' && !ANSWER_JOINERS.has(w) && !GROUP_NOUNS.has(w));
}

export function sameQuestion(a: Span, b: Span): boolean {
  if (a.entry.kind !== 'datapoint' || b.entry.kind !== 'datapoint') return false;
  const qa = new Set(a.entry.refs.map((r) => r.question.code));
  return b.entry.refs.some((r) => qa.has(r.question.code));
}

/**
 * The reading with the noun said after an answer that names the answer's own question ("home and
 * garden magazines", "true crime podcasts") taken as part of that answer: it is no other topic
 * measured on the people the answer names.
 */
export function withOwnHeads(reading: Reading, index: CatalogueIndex, datapointSpans: Span[]): Reading {
  const heads = new Set<number>();
  for (const s of datapointSpans) {
    const next = reading.words[s.end];
    if (next === undefined || next === '|' || reading.used.has(s.end) || s.entry.kind !== 'datapoint') continue;
    if (s.entry.refs.some((r) => index.questionWords.get(r.question.code)?.name.has(stem(next)))) heads.add(s.end);
  }
  return heads.size === 0 ? reading : { ...reading, used: new Set([...reading.used, ...heads]) };
}

/** A word of the clause after `from` that is neither a name, an amount nor a function word: the clause's own verb. */
function verbAfter(words: readonly string[], from: number, used: ReadonlySet<number>): boolean {
  for (let i = from; i < words.length && words[i] !== '|'; i++) if (!used.has(i) && !FUNCTION_WORDS.has(words[i]) && !STOPWORDS.has(words[i])) return true;
  return false;
}
