import { AnalysisPlan, CodeName, PlannerCatalogue, PlanOutcome, PlanTopic } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';
import { FOLLOW_UP_START } from './follow-up';
import { namesWhole } from '../text';

/** How many words a follow-up that names nothing may have to ask a measure of the last topic ("and how often?"). */
const UNSAID_MAX_WORDS = 4;

/** `\b` for a phrase in raw text, case-insensitive, in any script of the markets' languages. */
const phraseRegex = (phrase: string) => new RegExp(`(?<![\\p{L}])${phrase.replace(/ /g, '\\s+')}(?![\\p{L}])(?!\\s+(is|are|was|were)\\b)`, 'iu');

/**
 * "How often do they use it?", "what do they do on it?", "do they trust the brand?" after a
 * question about one thing (TikTok, Pinterest, Uber): the pronoun stands for that thing, and the
 * words around it ask another measure of it. The measure is read from the prompt with the thing's
 * name in place of the pronoun, as a question of its own: kept when it measures the same thing
 * by another question (the thing is its one answer: the platform's frequency, the brand's
 * perception, or the question is named after it). An open question ("what ...", "which ...") that
 * finds no other measure asks about the one question named after the thing that does not list it
 * as an answer ("Activities on Pinterest"), whole. The follow-up is then planned on the previous
 * plan with that measure as its topic, so the audience, markets and period are kept. Anything
 * else (the same question again, another thing, no answer) is left to the merge, which keeps the
 * previous topic.
 */
export function measureOfReferredThing(
  prompt: string,
  previous: AnalysisPlan | null | undefined,
  catalogue: PlannerCatalogue,
  plan: (prompt: string, previous: AnalysisPlan | null) => PlanOutcome,
): PlanOutcome | null {
  const old = previous?.topic;
  if (!previous || !old || old.datapoints.length !== 1 || old.negate || (old.also ?? []).length > 0) return null;
  const ref = [...lexicon.topicReferences, ...lexicon.followUpTopicReferences].find((r) => phraseRegex(r).test(prompt));
  const thing = old.datapoints[0];
  // "And how often?": a few words that name nothing ask their measure of the same thing, unsaid.
  const unsaid = !ref && wordsOf(prompt).length <= UNSAID_MAX_WORDS && mentionsIn(prompt, catalogue).length === 0;
  // A thing named besides the reference is what is asked ("the brand" is no answer "Other brand").
  if (!unsaid && (!ref || mentionsIn(prompt.replace(phraseRegex(ref), ' '), catalogue).some((m) => m.entry.kind === 'datapoint'))) return null;
  const named = ref ? prompt.replace(phraseRegex(ref), thing.name) : `${prompt.replace(/[\s?.!]*$/, '')} ${thing.name}`;
  const measure = measureAsked(named, old, plan) ?? (OPEN.test(prompt) ? questionAbout(thing, old.question, catalogue) : null);
  if (!measure) return null;
  const context: AnalysisPlan = { ...previous, topic: measure, kind: measure.datapoints.length === 0 ? 'ranking' : previous.kind };
  // The turn referred back, so it continues the last answer even once its reference is replaced by
  // the name ("how often, then?", "how many use it daily?"): read so, it keeps the audience, market and period.
  for (const asked of [continued(named), prompt]) {
    const planned = plan(asked, context);
    if (planned.outcome === 'answer' && planned.plan.topic?.question === measure.question) return planned;
  }
  return null;
}

/** The words as a follow-up: opened by "and" unless they already open like one ("and ...", "what about ...", "und ..."). */
function continued(text: string): string {
  const words = wordsOf(text);
  const opens = FOLLOW_UP_START.some((p) => p.split(' ').every((w, k) => words[k] === w)) || lexicon.followUpAnd.includes(words[0] ?? '');
  return opens ? text : `and ${text}`;
}

/** An open question that asks of the people ("what do they do on it?", "which features do they use?"), never "what about it?". */
const OPEN = /^\W*(?:and\s+|so\s+|ok\s+)?(?:what|which)\s+(?:\w+\s+)?(?:do|does|did)\b/i;

/** The measure the prompt asks of the thing, read as a question of its own: another question whose one answer is the thing, or one named after it. */
function measureAsked(named: string, old: PlanTopic, plan: (prompt: string, previous: AnalysisPlan | null) => PlanOutcome): PlanTopic | null {
  // Read alone, "they" would ask who is meant: the people do not change the measure.
  const planned = plan(named.replace(/\b(?:they|them)\b/gi, 'people'), null);
  const topic = planned.outcome === 'answer' ? planned.plan.topic : null;
  if (!topic || topic.question === old.question) return null;
  const thing = old.datapoints[0];
  // What the thing's name alone is measured by ("TikTok": its use) is no measure the prompt asked.
  const bare = plan(thing.name, null);
  if (bare.outcome === 'answer' && bare.plan.topic?.question === topic.question) return null;
  const holds = topic.datapoints.length > 0 && topic.datapoints.every((d) => d.code === thing.code);
  return holds || (topic.datapoints.length === 0 && namesWhole(topic.questionName, thing.name)) ? topic : null;
}

/** The one question named after the thing that does not list it as an answer ("Activities on Pinterest"), whole. */
function questionAbout(thing: CodeName, previousQuestion: string, catalogue: PlannerCatalogue): PlanTopic | null {
  const about = catalogue.questions.filter(
    (q) => q.entitled && q.code !== previousQuestion && namesWhole(q.name, thing.name) && !q.datapoints.some((d) => d.code === thing.code),
  );
  if (about.length !== 1) return null;
  return { question: about[0].code, questionName: about[0].name, datapoints: [], suffix: null };
}
