import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { withBriefScope } from './brief-scope';
import { isMarket, resolveReferences } from './brief-references';
import { coordinatedQuestions, isRhetorical, isSecondaryAsk, mainOfSeveral, withoutOrdinal, withoutTag } from './brief-questions';
import { withoutAsides } from './brief-asides';
import { refinesAsk } from './brief-refine';
import { claimAsk, fallbackAsk, requestedAsk, splitRunOnClause, withAskWordsRepaired } from './brief-asks';
import { mentionsIn, startsWithPhrase, wordsOf } from './mentions';
import { sentencesOf } from './brief-sentences';
import { pointedRequest } from './brief-pointer';
import { continuesQuestions } from './brief-continued';
import { detectLanguage, Language, translateWords } from '../languages';
import { droppedLead, labelledAsk, labelledContext, opensName, ranksAlong, setsAside, statementBeforeColon, withLeadScope } from './brief-lines';

export { sentencesOf, resolveReferences };

/**
 * A long brief read for its question: the sentence that asks, with references to the context
 * ("there", "they") replaced by what the context names, and the sentences set aside.
 */
export interface BriefFocus {
  /** The asking sentence as written. */
  ask: string;
  /** The asking sentence with its references resolved: what the planner reads. */
  resolved: string;
  /** The other sentences: background, never the topic. */
  context: string[];
  /** Questions the brief marks as lesser ("Second, less urgent, ..."): noted, not planned. */
  others?: string[];
  /** The ask the brief offers in place of its question ("If not, the share of ... would do"): planned when the question cannot be answered. */
  fallback?: { ask: string; resolved: string };
}

/** A brief has context to set aside: at least this many words around its question. */
const MIN_CONTEXT_WORDS = 5;

/** A question mark ends the sentence: Latin or full-width (Japanese). */
const ASKS_MARK = /[?？]\s*$/;
/** Letters of a script written without spaces: a context sentence's size is counted in them, not in words. */
const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/g;

/** How many words a text has, a run of Japanese counted as a word per three letters. */
const sizeOf = (text: string) => wordsOf(text).length + Math.floor((text.match(CJK) ?? []).length / 3);

/** "My question: what share ...": the lead-in before a colon that only announces the question. */
function withoutLeadIn(sentence: string, catalogue?: PlannerCatalogue): string {
  // "Open question - which ...": a dash between words marks a lead-in as a colon does.
  const mark = /:|\s[-–—]\s/.exec(sentence);
  if (!mark) return withoutBareLeadIn(sentence);
  const lead = wordsOf(sentence.slice(0, mark.index)).join(' ');
  const after = sentence.slice(mark.index + mark[0].length).trim();
  const announces =
    lexicon.askLeadIns.some((l) => lead === l || lead.endsWith(` ${l}`) || lead.startsWith(`${l} `)) ||
    /\b(question|ask|asks|asking|know|wondering|wonder|check)\b/.test(lead) ||
    // "Could you check one number for me: what percentage ...?": what follows asks on its own,
    // unless the words before it name who or what it asks about ("Beer drinkers there: what share are men?").
    (ASKS_MARK.test(after) && startsAsking(after) && (!catalogue || mentionsIn(sentence.slice(0, mark.index), catalogue).length === 0)) ||
    // "Ana: pull the share of Gen X ...": an action item, its owner's name before a command that names its own topic.
    (catalogue !== undefined && actionOwner(sentence.slice(0, mark.index), after, catalogue)) ||
    // "Para el cliente: dame el porcentaje ...": also a command, in any language, after words that name nothing.
    (catalogue !== undefined && mentionsIn(sentence.slice(0, mark.index), catalogue).length === 0 && startsAsking(askShapeOf(after, detectLanguage(after))));
  return announces ? after : sentence;
}

/** The lead-ins, longest first. */
const LEAD_INS_LONGEST = [...lexicon.askLeadIns].sort((a, b) => b.split(' ').length - a.split(' ').length);

/**
 * "Bottom line what share ...", "Question for you how many ...": a lead-in typed without its colon,
 * straight before words that ask, is dropped as the colon's would be.
 */
function withoutBareLeadIn(sentence: string): string {
  const tokens = sentence.trim().split(/\s+/);
  for (const lead of LEAD_INS_LONGEST) {
    const n = lead.split(' ').length;
    if (n >= tokens.length || wordsOf(tokens.slice(0, n).join(' ')).join(' ') !== lead) continue;
    const after = tokens.slice(n).join(' ');
    if (startsAsking(after)) return after.charAt(0).toUpperCase() + after.slice(1);
  }
  return sentence;
}

/**
 * Whether the words before a colon are the owner of an action item ("Ana: pull the share of ...",
 * "Ben & Chloé: size the audience ..."): one or two capitalised names before a command, not a
 * question, that names a topic of the catalogue itself. A name that is also an answer ("Ana" and
 * the airline ANA) is then the owner, not what is asked about.
 */
function actionOwner(lead: string, after: string, catalogue: PlannerCatalogue): boolean {
  const names = lead
    .trim()
    .split(/\s*(?:&|\band\b|\/|,)\s*|\s+/)
    .filter((w) => w.length > 0);
  if (names.length === 0 || names.length > 2 || !names.every((n) => /^\p{Lu}\p{Ll}+$/u.test(n))) return false;
  if (ASKS_MARK.test(after) || !startsAsking(after)) return false;
  return mentionsIn(after, catalogue).some((m) => m.entry.kind === 'datapoint');
}

/** "The team wants to know whether Gen Z still use Snapchat": a question reported inside a statement. */
const EMBEDDED = new RegExp(
  `\\b(?:know|knowing|wondering|wonder|asks|asked|asking|check|find out|figure out|work out|see|understand|tell me|show me|question is|ask is|${lexicon.askFrames.reporting
    .map((r) => r.replace(/ /g, '\\s+'))
    .join('|')})\\s+(whether|if|what|which|how|who|where)\\b`,
  'i',
);

/** The reported question of a statement, from its question word ("whether" and "if" dropped), or the sentence. */
function embeddedAsk(sentence: string): string {
  const m = EMBEDDED.exec(sentence);
  if (!m || m.index === undefined) return sentence;
  const from = m.index + m[0].length - m[1].length;
  const tail = sentence.slice(from).replace(/^(whether|if)\s+/i, '');
  return tail.charAt(0).toUpperCase() + tail.slice(1);
}

const OPENERS = lexicon.askOpeners.map((o) => wordsOf(o));
const OPENER_AT_START = new RegExp(`^(?:${lexicon.askOpeners.map((o) => o.replace(/ /g, '\\s+')).join('|')})\\b[\\s,]*`, 'i');

/** The ask without the courtesy or discourse words it opens with ("For now, what share ..." asks no period). */
function withoutOpeners(ask: string): string {
  let out = ask;
  for (let m = OPENER_AT_START.exec(out); m && m[0].length < out.length; m = OPENER_AT_START.exec(out)) out = out.slice(m[0].length);
  return out === ask ? ask : out.charAt(0).toUpperCase() + out.slice(1);
}

const FRAMES = lexicon.askFrames;
const longestAt = (words: readonly string[], phrases: readonly string[]) =>
  [...phrases].sort((a, b) => b.length - a.length).find((p) => startsWithPhrase(words, p));

/** "I'm looking for the share of ...", "is it true that ...": the frame before what is asked for, dropped. */
function withoutNounFrame(words: readonly string[]): readonly string[] {
  const subject = longestAt(words, FRAMES.subjects);
  const afterSubject = subject ? words.slice(subject.split(' ').length) : words;
  const frame = longestAt(afterSubject, FRAMES.nouns);
  if (!frame) return words;
  const rest = afterSubject.slice(frame.split(' ').length);
  const article = longestAt(rest, FRAMES.articles);
  return article ? rest.slice(1) : rest;
}

/** The sentence without the article it opens with ("the proportion of ..."). */
function withoutArticle(sentence: string): string {
  const first = /^\s*(\S+)\s+/.exec(sentence);
  return first && FRAMES.articles.includes(first[1].toLowerCase()) ? sentence.slice(first[0].length) : sentence;
}

export function startsAsking(sentence: string): boolean {
  let words = wordsOf(sentence);
  // "Please pull ...", "For now, what share ...": words of courtesy or discourse before the ask.
  for (let opener = OPENERS.find((o) => o.every((w, k) => words[k] === w)); opener; opener = OPENERS.find((o) => o.every((w, k) => words[k] === w)))
    words = words.slice(opener.length);
  words = [...withoutNounFrame(words)];
  return lexicon.askStarts.some((start) => start.split(' ').every((w, k) => words[k] === w));
}

const ASK_VERBS = new Map(
  Object.entries(lexicon.askVerbs).flatMap(([english, words]) =>
    Array.isArray(words) && english !== 'japanese' ? words.map((w): [string, string] => [w, english]) : [],
  ),
);

/**
 * The sentence as English words for seeing whether it asks: the question words translated as the
 * planner translates them, and the verbs that frame a question ("necesito saber", "zeig mir",
 * "j'aimerais savoir") as "know", "show", "tell": then "know what share ..." is a reported question
 * and "show me the share ..." a command, in any language, as in English.
 */
export function askShapeOf(sentence: string, lang: Language): string {
  if (lang === 'en' || lang === 'ja') return sentence;
  return translateWords(wordsOf(sentence), lang)
    .map((w) => ASK_VERBS.get(w) ?? w)
    .join(' ');
}

/**
 * "Necesito saber qué porcentaje ...", "j'aimerais savoir quelle part ...": in another language,
 * the question a sentence reports starts after its verb of knowing; the frame before it is not read.
 */
export function reportedAsk(sentence: string, lang: Language): string {
  if (lang === 'en' || lang === 'ja') return sentence;
  const tokens = [...sentence.matchAll(/[\p{L}\p{N}]+/gu)];
  const at = tokens.findIndex((t, i) => i < tokens.length - 1 && ASK_VERBS.has(wordsOf(t[0]).join(' ')));
  if (at < 0) return sentence;
  // "Zeig mir bitte, welche ...": a command's question starts at its question word, a few words on.
  const questionWord = tokens.findIndex((t, i) => i > at && i <= at + 4 && QUESTION_WORDS.has(translateWords(wordsOf(t[0]), lang, new Set()).join(' ') || ''));
  const verb = ASK_VERBS.get(wordsOf(tokens[at][0]).join(' '));
  // "Preciso do número de ...", "j'ai besoin du pourcentage ...": what is needed starts after the verb and its article.
  let needed = at + 1;
  while (verb === 'need' && needed < tokens.length - 1 && NEED_LINKS.has(wordsOf(tokens[needed][0]).join(' '))) needed++;
  const from = questionWord >= 0 ? questionWord : verb === 'know' || verb === 'need' ? needed : -1;
  if (from < 0) return sentence;
  const rest = sentence.slice(tokens[from].index);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** Articles and prepositions between a verb of needing and what is needed ("du", "do", "el", "de", "der"). */
const NEED_LINKS = new Set(lexicon.needLinks);

const QUESTION_WORDS = new Set(['what', 'which', 'how', 'who', 'where', 'whether', 'if', 'how many', 'how much', 'what share']);

/** Whether a sentence asks: a question mark, a reported question, a question word or command first, a request that names what it asks for. */
export function asks(sentence: string, lang: Language = 'en', catalogue?: PlannerCatalogue): boolean {
  // "Don't bother with AliExpress.": an instruction that sets something aside is not a question.
  if (lang === 'en' && setsAside(sentence)) return false;
  if (ASKS_MARK.test(sentence) || EMBEDDED.test(sentence)) return true;
  // Japanese asks by its endings and words ("教えてください", "ですか", "割合は"), written without spaces.
  if (lang === 'ja') return lexicon.askVerbs.japanese.some((m) => sentence.includes(m));
  const unled = withoutLeadIn(sentence, catalogue);
  if (startsAsking(unled) || (unled !== sentence && startsAsking(askShapeOf(unled, lang)))) return true;
  // "The figure required is the following: the proportion of ...": after a lead-in that announces
  // the question, a noun phrase of what is measured asks, its article first.
  if (unled !== sentence && startsAsking(withoutArticle(unled))) return true;
  // "I need a number for how many ...", "Looking to understand the share of ...": a request that names what it asks for.
  if (catalogue && requestedAsk(withoutLeadIn(sentence, catalogue), catalogue, startsAsking) !== null) return true;
  const english = askShapeOf(sentence, lang);
  if (english !== sentence && (EMBEDDED.test(english) || startsAsking(withoutLeadIn(english)))) return true;
  // "J'ai besoin du pourcentage ...": in another language, what a verb of needing is followed by.
  const reported = reportedAsk(sentence, lang);
  if (reported !== sentence && startsAsking(askShapeOf(reported, lang))) return true;
  // "data ask: trust in Dove among women vs men": a label that names the line as the ask.
  return catalogue !== undefined && lang === 'en' && labelledAsk(sentence, catalogue) !== null;
}

/** "... leadership wants to understand the market, so what share of Gen Z ...": a run-on turning to its question. */
const TURN = /\b(?:so|anyway|basically),?\s+(what|which|how|who|where)\b/i;

/** A run-on brief has at least this many words before the question it reports. */
const MIN_RUN_ON_CONTEXT = 8;

/**
 * "we launched in the uk last year and things are slow so i need to know what share of women
 * there ...": one long sentence whose question is reported at its end. The words before the
 * reporting verb are the context.
 */
function runOn(prompt: string, catalogue: PlannerCatalogue): { ask: string; context: string[] } | null {
  let last: { index: number; ask: string } | null = null;
  for (const source of [EMBEDDED.source, TURN.source]) {
    const all = new RegExp(source, 'gi');
    for (let m = all.exec(prompt); m; m = all.exec(prompt))
      if (m.index >= (last?.index ?? -1)) last = { index: m.index, ask: prompt.slice(m.index + m[0].length - m[1].length) };
  }
  if (!last) return null;
  const head = prompt.slice(0, last.index);
  // "... use most, they sell sneakers and ...": a statement after the question is context too.
  const { ask, rest } = splitRunOnClause(embeddedAsk(last.ask).replace(/^(whether|if)\s+/i, ''));
  if (wordsOf(`${head} ${rest}`).length < MIN_RUN_ON_CONTEXT) return null;
  // "Break Spotify use down by income and tell me which is highest": an ask that names nothing of
  // the catalogue is the end of one question, not a question after its context.
  if (mentionsIn(ask, catalogue).length === 0) return null;
  return { ask: ask.charAt(0).toUpperCase() + ask.slice(1), context: [head.trim(), ...(rest ? [rest] : [])] };
}

/**
 * "Quick one, the CMO wants numbers on Adidas and Puma: what share of Gen Z are aware of Nike?":
 * one sentence whose context runs up to a colon or dash, after which a question of its own asks.
 */
function contextBeforeColon(sentence: string, catalogue: PlannerCatalogue): { ask: string; context: string[] } | null {
  const mark = /:|\s[-–—]\s/.exec(sentence);
  if (!mark) return null;
  const head = sentence.slice(0, mark.index).trim();
  const ask = sentence.slice(mark.index + mark[0].length).trim();
  // "Dato clave ...: porcentaje de mujeres ...": after the colon, a question, or (in any language) a
  // noun phrase of what is measured, with no question mark.
  const english = askShapeOf(ask, detectLanguage(sentence));
  const asking = ASKS_MARK.test(ask) ? startsAsking(ask) || startsAsking(english) : startsAsking(english);
  if (!asking || wordsOf(head).length < MIN_RUN_ON_CONTEXT) return null;
  // "Parents of babies in the UK: what share bought baby food?": an ask that does not name its own
  // people or place and what they do finishes the words before the colon; it is not a new question.
  const kinds = new Set(mentionsIn(ask, catalogue).map((m) => (m.entry.kind === 'datapoint' ? 'topic' : isMarket(m) ? 'place' : m.entry.kind)));
  // "...: rank our markets by ...": an ask along the markets or groups names where it asks by that.
  if (!kinds.has('topic') || !(kinds.has('place') || kinds.has('audience') || ranksAlong(ask, catalogue))) return null;
  return { ask: ask.charAt(0).toUpperCase() + ask.slice(1), context: [head] };
}

/**
 * The question of a brief: the last sentence that asks (a question mark, or a question word or
 * command first), when other sentences around it carry enough words to be context. `null` for a
 * prompt of one sentence, or with nothing that asks (then it is read whole, as before).
 */
export function focusBrief(prompt: string, catalogue: PlannerCatalogue): BriefFocus | null {
  const { text, asides } = withoutAsides(withAskWordsRepaired(prompt), catalogue);
  // "Hola! Necesito saber ... (lo presentamos el jueves a Mapfre). Gracias!": the remarks set aside are context too.
  const focus = focusSentences(
    text,
    catalogue,
    asides.reduce((n, a) => n + sizeOf(a), 0),
  );
  if (asides.length === 0) return focus;
  if (focus) return { ...focus, context: [...focus.context, ...asides] };
  // One question with a remark in brackets: the remark is its background.
  const ask = text.trim();
  return { ask, resolved: withBriefScope(resolveReferences(ask, asides.join('. '), catalogue), asides, catalogue), context: asides };
}

function focusSentences(prompt: string, catalogue: PlannerCatalogue, asideWords = 0): BriefFocus | null {
  const lang = detectLanguage(prompt);
  // Typed without full stops, a sentence starts at a capital that only opens one, not at a name of the catalogue.
  const whole = sentencesOf(
    prompt,
    (rest) => opensName(rest, catalogue),
    (text) => mentionsIn(text, catalogue).some((m) => m.entry.kind !== 'datapoint'),
  );
  // In a brief, two questions joined in one sentence are two questions.
  // A tag question ("..., right?") and a rhetorical one ("Why does this matter?") are statements.
  const statements = whole.length < 2 ? whole : whole.map((s) => (isRhetorical(s, catalogue) ? s.replace(/[?？]\s*$/, '.') : withoutTag(s)));
  const sentences = statements.length < 2 ? statements : statements.flatMap((s) => (ASKS_MARK.test(s) ? coordinatedQuestions(s) : [s]));
  if (sentences.length < 2) {
    const split = sentences.length === 1 ? (runOn(sentences[0], catalogue) ?? contextBeforeColon(sentences[0], catalogue)) : null;
    return split ? { ...split, resolved: withBriefScope(resolveReferences(split.ask, split.context.join(' '), catalogue), split.context, catalogue) } : null;
  }
  // A question marked as the lesser of two ("Second, less urgent, ...") is noted, not planned.
  // "If not, the share of ... would do": the brief's second-best ask, never its question.
  const fallbacks = sentences.map((s) => fallbackAsk(s, catalogue));
  const main = (i: number) =>
    fallbacks[i] === null && (!isSecondaryAsk(sentences[i]) || !sentences.slice(0, i).some((s) => ASKS_MARK.test(s) && !isSecondaryAsk(s)));
  const asking = sentences.flatMap((s, i) => (ASKS_MARK.test(s) || asks(s, lang, catalogue) ? [i] : []));
  // Several questions that each name their topic: the main one (marked, else the first) is planned, the rest noted.
  const several = mainOfSeveral(sentences, asking, catalogue);
  let at = several ?? -1;
  for (let i = sentences.length - 1; i >= 0 && at < 0; i--) if (ASKS_MARK.test(sentences[i]) && main(i)) at = i;
  for (let i = sentences.length - 1; i >= 0 && at < 0; i--) if (asks(sentences[i], lang, catalogue) && main(i)) at = i;
  // "We need the share of ... Could you pull that?": an ask that points back asks for the request before it.
  const pointer = several === null ? at : -1;
  const pointed = pointedRequest(sentences, pointer, catalogue);
  if (pointed >= 0) at = pointed;
  const others = (
    several === null
      ? sentences.flatMap((s, i) => (i > at && (pointed < 0 || i !== pointer) && asks(s, lang, catalogue) ? [i] : []))
      : asking.filter((i) => i !== at)
  )
    .filter((i) => fallbacks[i] === null && !(at >= 0 && reportsAside(sentences[i], sentences[at], catalogue)))
    .map((i) => sentences[i]);
  const fallbackAt = fallbacks.findIndex((f, i) => i > at && f !== null);
  // "How do the French research products? Give me the top three": a question in parts, read whole.
  if (at < 0 || (several === null && others.some((s) => !isSecondaryAsk(s)))) return null;
  // "What sets cat owners apart? Compared with the average person, what's different?": one question in parts.
  if (several === null && pointed < 0 && continuesQuestions(sentences, at, catalogue)) return null;
  // "... most? Just the top 3 is fine.": a sentence after the question that narrows it is part of it.
  const refinements = several === null ? sentences.filter((s, i) => i > at && refinesAsk(s, catalogue, lang)) : [];
  // "They're looking at the UK market: how has ... there changed?": the statement before the colon is context, nearest the ask.
  const split = statementBeforeColon(withoutOrdinal(sentences[at]), catalogue, startsAsking);
  const context = sentences.flatMap((s, i) =>
    i === at ? (split ? [split.head] : []) : i !== fallbackAt && !(several !== null && others.includes(s)) && !refinements.includes(s) ? [s] : [],
  );
  // "client: Garnier": a line labelled as background is context however short.
  const enough = context.reduce((n, s) => n + sizeOf(s), asideWords) >= MIN_CONTEXT_WORDS || context.some(labelledContext);
  if (!enough && !remarkOnly(context, sentences[at], lang, catalogue)) return null;
  // "Compare:" before a list: the list is the question, read whole.
  if (/:\s*$/.test(sentences[at])) return null;
  const askSentence = split?.ask ?? withoutOrdinal(sentences[at]);
  const unled = withoutLeadIn(askSentence, catalogue);
  const asked = withoutOpeners(reportedAsk(embeddedAsk(unled), lang));
  // "I need a number for how many ...": what the request asks for; "Could you sanity-check a claim?": the share it quotes.
  const requested = requestedAsk(asked, catalogue, startsAsking) ?? asked;
  const claimed = claimAsk(requested, sentences.slice(0, at), sentences.slice(at + 1), catalogue) ?? requested;
  // "What I need for Australia: the share of ...": the lead-in dropped still says where, or of whom, it asks.
  const ask = [withLeadScope(claimed, droppedLead(askSentence, unled), catalogue), ...refinements].join(' ');
  const scoped = (text: string) => withBriefScope(resolveReferences(text, context.join(' '), catalogue), context, catalogue);
  const fallback = fallbackAt >= 0 ? (fallbacks[fallbackAt] ?? '') : '';
  return {
    ask,
    resolved: scoped(ask),
    context,
    ...(others.length > 0 ? { others } : {}),
    ...(fallback ? { fallback: { ask: fallback, resolved: scoped(fallback) } } : {}),
  };
}

/**
 * "Which of our markets has the fewest Disney+ users? ... so the board wants to know where to go
 * next.": after a question that names what it measures, a statement reporting a question about
 * nothing of the catalogue is the reason for it, not a second question.
 */
function reportsAside(sentence: string, question: string, catalogue: PlannerCatalogue): boolean {
  if (ASKS_MARK.test(sentence) || !ASKS_MARK.test(question) || !EMBEDDED.test(sentence) || startsAsking(sentence)) return false;
  // The reported question ends at its clause ("where to go next; their plan was built on ...").
  const reported = embeddedAsk(sentence).split(/;|\s[-–—]\s/)[0];
  return mentionsIn(reported, catalogue).length === 0 && mentionsIn(question, catalogue).some((m) => m.entry.kind === 'datapoint');
}

/** A remark of this many words or more ("Churn has been high.") is a statement, not a fragment of the question. */
const MIN_REMARK_WORDS = 3;

/**
 * "Churn has been high. Which streaming services do Gen X in the US use most?": a short context of
 * statements that name nothing of the catalogue, before a question that names something itself, is
 * background all the same. A fragment that names a market or audience ("Gen Z in France.") or asks
 * ("Show me the trend.") is part of the question.
 */
function remarkOnly(context: readonly string[], ask: string, lang: Language, catalogue: PlannerCatalogue): boolean {
  return (
    mentionsIn(ask, catalogue).length > 0 &&
    context.every((s) => sizeOf(s) >= MIN_REMARK_WORDS && !asks(s, lang, catalogue) && mentionsIn(s, catalogue).length === 0)
  );
}
