import { CodeName, PlannerCatalogue, PlannerQuestion, PlanOutcome, PlanTopic } from '../assistant.types';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';
import { partialNames } from './partial-names';
import { ageBandsOf, UnmeasuredAsk } from './unanswerable';

const CURRENCY = /[$€£¥₹]/;
const nameHas = (question: PlannerQuestion, words: readonly string[]) => words.some((w) => question.name.toLowerCase().includes(w));
const topicOf = (outcome: PlanOutcome): PlanTopic | null => (outcome.outcome === 'answer' ? outcome.plan.topic : null);

/**
 * Whether the prompt names something more specific than its topic: a platform, service or brand
 * of another question ("minutes on TikTok" when the topic is hours on social media). Then the
 * topic answers a neighbouring question, not the one asked.
 */
function namesSomethingElse(prompt: string, topic: PlanTopic, catalogue: PlannerCatalogue): boolean {
  // The topic's own words, and the common nouns of its description: "video games" describes the
  // gaming hours and is not another answer, while a name it cites ("Netflix, YouTube...") still is.
  const question = catalogue.questions.find((q) => q.code === topic.question);
  const common = (question?.description ?? '').split(/[^\p{L}\p{N}]+/u).filter((w) => /^\p{Ll}/u.test(w));
  const topicName = new Set([...wordsOf(topic.questionName), ...common.flatMap((w) => wordsOf(w))].map(stem));
  return mentionsIn(prompt, catalogue).some(
    (m) =>
      m.entry.kind === 'datapoint' &&
      // A figure ("between 2 and 4 hours") is an amount, never the answer "2" of another question.
      !/^\d+$/.test(m.text) &&
      !m.entry.refs.some((r) => r.question.code === topic.question) &&
      !m.text.split(' ').every((w) => topicName.has(stem(w))),
  );
}

/**
 * Whether the ask is one the catalogue does measure after all: time spent on social media as a
 * whole is the hours question, a monthly gaming spend in dollars is the spend question's bands.
 */
export function measuredAfterAll(ask: UnmeasuredAsk, prompt: string, planned: PlanOutcome, catalogue: PlannerCatalogue): boolean {
  if (audienceMeasures(ask, planned, catalogue)) return true;
  const topic = topicOf(planned);
  if (!topic || ask.answerableNamed.length === 0) return false;
  const question = catalogue.questions.find((q) => q.code === topic.question);
  if (!question || !nameHas(question, ask.answerableNamed)) return false;
  if (namesSomethingElse(prompt, topic, catalogue)) return false;
  // "Spend on clothes" is not the gaming spend, "hours a week exercising" not the gaming hours: what
  // the money or time goes on must be what the question measures.
  if (!spentOnTopic(ask.rest, question, catalogue)) return false;
  if (ask.kind === 'money' && ask.currency) {
    const symbol = ask.currency;
    return question.datapoints.some((d) => d.name.includes(symbol) && !(symbol === '$' && /[A-Z]\$/.test(d.name)));
  }
  return true;
}

/**
 * Whether the ask put in other words (`askedAs`: "why ..." as "what are the reasons ...") is
 * measured by the plan of those words: its topic is a question named like the measure ("Why people
 * play games"), and each thing the prompt names of another question shares a word with that name
 * ("video games"), so a reason asked of one brand or platform ("Facebook") is not answered with the
 * reasons of its whole category.
 */
export function measuredAsAsked(ask: UnmeasuredAsk, prompt: string, planned: PlanOutcome, catalogue: PlannerCatalogue): boolean {
  const topic = topicOf(planned);
  if (!topic || ask.answerableNamed.length === 0) return false;
  const question = catalogue.questions.find((q) => q.code === topic.question);
  if (!question || !nameHas(question, ask.answerableNamed)) return false;
  // The question must be about what the rest of the ask names ("play ... games"), beyond the measure's and common words.
  const common = new Set([...ask.answerableNamed, ...lexicon.coverageIgnore, ...lexicon.coverageNoEffect.words].map(stem));
  const about = [...contentStems(`${question.name} ${question.description}`)].filter((s) => !common.has(s));
  const rest = contentStems(ask.rest);
  if (!about.some((s) => rest.has(s))) return false;
  const named = new Set(wordsOf(question.name).map(stem));
  return mentionsIn(prompt, catalogue).every(
    (m) => m.entry.kind !== 'datapoint' || m.entry.refs.some((r) => r.question.code === topic.question) || m.text.split(' ').some((w) => named.has(stem(w))),
  );
}

/**
 * "Households earning over $150,000 ... use Apple Pay", "people who shop online several times a
 * week": the amount is the audience's, answered by a banded question named like the measure
 * (income, frequency, hours), in its own currency.
 */
function audienceMeasures(ask: UnmeasuredAsk, planned: PlanOutcome, catalogue: PlannerCatalogue): boolean {
  if (planned.outcome !== 'answer' || ask.answerableNamed.length === 0) return false;
  const leaves = (e: unknown): { question?: string }[] => {
    if (!e || typeof e !== 'object') return [];
    const n = e as Record<string, unknown>;
    return [n as { question?: string }, ...['and', 'or'].flatMap((k) => (Array.isArray(n[k]) ? (n[k] as unknown[]).flatMap(leaves) : []))];
  };
  return planned.plan.audiences
    .filter((a) => a.origin === 'phrase')
    .flatMap((a) => leaves(a.expression))
    .some((leaf) => {
      const question = catalogue.questions.find((q) => q.code === leaf.question);
      if (!question || !nameHas(question, ask.answerableNamed)) return false;
      return !(ask.kind === 'money' && ask.currency) || question.datapoints.some((d) => d.name.includes(ask.currency as string));
    });
}

/**
 * Whether what an amount of money is spent on, in the rest of the ask, is the question's subject:
 * the rest has no word of its own beyond its audience, market and time ("how much do Germans earn"),
 * or one of them is a word of the question's name or description ("games" for the gaming spend).
 */
function spentOnTopic(rest: string, question: PlannerQuestion, catalogue: PlannerCatalogue): boolean {
  // Audiences, markets and the question's own answers ("Instagram" for how often each platform is used) are not what it is spent on.
  const own = (m: ReturnType<typeof mentionsIn>[number]) => m.entry.kind !== 'datapoint' || m.entry.refs.some((r) => r.question.code === question.code);
  const named = new Set(mentionsIn(rest, catalogue).flatMap((m) => (own(m) ? m.text.split(' ') : [])));
  const left = [...contentStems(rest)].filter((s) => !named.has(s) && ![...named].some((w) => stem(w) === s));
  for (const w of [...lexicon.money.spendWords, ...lexicon.ages.units, ...lexicon.measureWords]) {
    const at = left.indexOf(stem(w));
    if (at >= 0) left.splice(at, 1);
  }
  if (left.length === 0) return true;
  const subject = contentStems(`${question.name} ${question.description}`);
  return left.some((s) => subject.has(s));
}

const contentStems = (text: string) =>
  new Set(
    wordsOf(text)
      // Figures ("100000 dollars") are amounts, never what they are amounts of.
      .filter((w) => !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w) && w.length > 2 && !/^\d/.test(w))
      .map(stem),
  );

/**
 * The nearest question the catalogue can answer: among the questions named like the missing
 * measure ("perceptions" for a satisfaction score, "hours" for time, "spend" for money), the one
 * that has the prompt's brand or service among its answers, else the one whose name and
 * description share most words with the topic's; else the topic's own question.
 */
export function nearestQuestion(ask: UnmeasuredAsk, base: PlanTopic | null, catalogue: PlannerCatalogue): PlannerQuestion | null {
  const own = base ? (catalogue.questions.find((q) => q.code === base.question) ?? null) : null;
  if (ask.offerNamed.length === 0) return own;
  // The answers the ask names: its topic's, else the names in its words ("Amazon" when the rest alone asks back).
  // An answer said by its short name only ("the Telekom" for Deutsche Telekom) is named too.
  const mentioned = base
    ? []
    : [
        ...mentionsIn(ask.rest, catalogue).flatMap((m) => (m.entry.kind === 'datapoint' ? m.entry.refs.map((r) => r.datapoint.name) : [])),
        ...partialNames(ask.rest, catalogue),
      ];
  const names = new Set([...(base?.datapoints ?? []).map((d) => d.name), ...mentioned].map((n) => n.toLowerCase()));
  // The measure's own words ("spend", "hours", "per month") say nothing of what it is measured on.
  const about = contentStems(`${own ? `${own.name} ${own.description}` : ''} ${ask.rest}`);
  // What the ask itself is about: its own words and its topic's name, never the topic's description alone.
  const asked = contentStems(`${own?.name ?? ''} ${ask.rest}`);
  const subject = new Set((ask.subject ?? []).map(stem));
  for (const w of [...ask.offerNamed, ...lexicon.money.spendWords, ...lexicon.ages.units, ...lexicon.measureWords]) {
    if (subject.has(stem(w))) continue;
    about.delete(stem(w));
    asked.delete(stem(w));
  }
  let best: { question: PlannerQuestion; score: number } | null = null;
  // Names compared word for word: stems read "network" as "social" (a synonym), too loose here.
  const nameWords = (name: string) =>
    new Set(
      wordsOf(name)
        .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w))
        .map((w) => w.replace(/s$/, '')),
    );
  const ownName = own ? nameWords(own.name) : null;
  for (const question of catalogue.questions) {
    if (!question.entitled || !nameHas(question, ask.offerNamed)) continue;
    const hasAnswer = question.datapoints.some((d) => names.has(d.name.toLowerCase()));
    // A rating of TikTok is not near the telecom brands' perceptions: for a named answer that a
    // candidate lacks, the candidate must be named like the answer's own question ("social media").
    if (!hasAnswer && !ask.subject && (base?.datapoints.length ?? 0) > 0 && (!ownName || ![...nameWords(question.name)].some((w) => ownName.has(w)))) continue;
    const stems = contentStems(`${question.name} ${question.description}`);
    // "Minutes of radio listening" is not near the TV hours because both descriptions say "media".
    if (!hasAnswer && ![...stems].some((s) => asked.has(s))) continue;
    let score = hasAnswer ? 10 : 0;
    for (const s of stems) if (about.has(s)) score++;
    if (score === 0) continue;
    if (question.code === own?.code) score += 5;
    // Money is nearest to a question whose answers are amounts of money, above all an amount in a currency.
    if (ask.kind === 'money' && question.datapoints.some((d) => CURRENCY.test(d.name))) score += ask.currency ? 20 : 6;
    if (score > (best?.score ?? 0)) best = { question, score };
  }
  return best?.question ?? own;
}

/**
 * Whether a topic read from the rest of an unmeasurable ask stands on its words: it names an
 * answer ("Netflix"), or its question's name shares a word with the rest other than a unit of
 * time. "Takeaways per week" read as hours of gaming per week is a guess, not a near question.
 */
export function standsOnWords(topic: PlanTopic | null, rest: string, catalogue: PlannerCatalogue): boolean {
  if (!topic) return false;
  if (topic.datapoints.length > 0) return true;
  const question = catalogue.questions.find((q) => q.code === topic.question);
  if (!question) return false;
  const words = contentStems(rest);
  for (const w of lexicon.ages.units) words.delete(stem(w));
  return [...contentStems(question.name)].some((s) => words.has(s));
}

/** The answer's ages at the near end of the survey's range: its youngest or oldest band. */
function nearestBand(ask: UnmeasuredAsk, catalogue: PlannerCatalogue): string | null {
  const range = ask.surveyAges;
  if (!range) return null;
  const question = catalogue.questions.find((q) => q.datapoints.some((d) => d.name.trim().startsWith(`${range.min}`)) && /\bage\b/i.test(q.name));
  if (!question) return null;
  const bands = question.datapoints.map((d) => d.name);
  return /\b(under|below|younger)\b/.test(ask.words) || Number(ask.words.match(/\d+/)?.[0] ?? 0) < range.min ? bands[0] : bands[bands.length - 1];
}

/**
 * The refusal of an ask the catalogue cannot measure: what cannot be answered and why, and the
 * nearest question it can answer by name. It carries no number, and the offered question's
 * numbers are never given in its place.
 */
export function cannotAnswer(ask: UnmeasuredAsk, base: PlanTopic | null, catalogue: PlannerCatalogue): PlanOutcome {
  const offer = nearestQuestion(ask, base, catalogue);
  const things = base && base.datapoints.length > 0 ? base.datapoints.map((d) => d.name).join(' or ') : null;
  let message: string;
  if (ask.kind === 'age') {
    const range = ask.surveyAges as { min: number; max: number };
    const band = ask.bands ? ask.bands.join(', ') : nearestBand(ask, catalogue);
    message = ask.bands
      ? `I cannot answer that: the survey asks age in bands (${ageBandsOf(catalogue)
          .map((b) => b.name)
          .join(', ')}), so it has no figures for ${ask.what} exactly.`
      : `I cannot answer that: the survey asked people aged ${range.min} to ${range.max}, so it has no figures for ${ask.what}.`;
    if (offer) message += ` The nearest I can answer is “${offer.name}”${band ? ` among people aged ${band}` : ''} — ask for it if that helps.`;
  } else {
    const what = things ? (ask.whatFor?.replace('{x}', things) ?? `${ask.what} for ${things}`) : ask.what;
    message = `I cannot answer that: the survey does not measure ${what}.`;
    if (offer) message += ` The nearest question it has is “${offer.name}” — ask for it if that helps.`;
  }
  const code: CodeName | undefined = offer ? { code: offer.code, name: offer.name } : undefined;
  return { outcome: 'refuse', reason: 'cannot-answer', message, unknown: [ask.words], ...(code ? { offer: code } : {}) };
}
