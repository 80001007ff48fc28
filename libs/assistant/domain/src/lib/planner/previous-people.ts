import { AnalysisPlan, PlanOutcome } from '../assistant.types';
import { combine } from './audiences';
import { saysPartitive, topicPeople } from './follow-up-partitive';
import { escapeRegExp } from '../text';
import contextLexicon from './context-lexicon.json';

/** "Too", "as well", "also" (`peopleAlso` of the context lexicon): another answer given as well. */
const ALSO = new RegExp(`(?:^|[\\s¿¡,])(?:${contextLexicon.peopleAlso.words.map((w) => escapeRegExp(w)).join('|')})(?![\\p{L}])`, 'iu');

/** The people the last answer counted: its audience (unless everyone) with those who gave its subject. */
function previousPeople(previous: AnalysisPlan) {
  if (previous.audiences.length !== 1) return null;
  const givers = topicPeople(previous.topic);
  if (!givers) return null;
  const audience = previous.audiences[0];
  return audience.origin === 'everyone' ? givers : combine([audience, givers]);
}

/**
 * "How many people in the UK use Threads?" then "and how many of them are men?": the turn asks about
 * another question of the people the last answer counted, so they are its audience (the last
 * audience with those who gave its subject), never everyone. The words that point at them are
 * `partitiveReferences` of the context lexicon, as for a group asked of them in the follow-up merge
 * (`follow-up-partitive.ts`), which catches the turns whose topic is a people question; this step
 * catches the others after planning. Only when the turn was answered for the last answer's audience
 * unchanged and measures another question than the last one; a turn that measures the same question
 * ("what about them on TikTok?") or the same thing on another scale ("how many of them use it every
 * day?") keeps its reading. Of the same question, only a new answer asked of them as well ("do those
 * people use Telegram too?" after WhatsApp users): the WhatsApp users are the audience, Telegram the topic.
 */
export function withPreviousPeople(prompt: string, planned: PlanOutcome, previous: AnalysisPlan | null | undefined): PlanOutcome {
  if (planned.outcome !== 'answer' || !previous?.topic || !saysPartitive(prompt.toLowerCase(), prompt)) return planned;
  const plan = planned.plan;
  if (!plan.topic) return planned;
  // "How many of them use it every day?": the same thing on another scale, measured among everyone.
  const before = new Set(previous.topic.datapoints.map((d) => d.code));
  if (plan.topic.datapoints.some((d) => before.has(d.code))) return planned;
  // "Do those people use Telegram too?" after WhatsApp users: another answer of the same question, given as well.
  const also = plan.topic.datapoints.length > 0 && ALSO.test(prompt.toLowerCase());
  if (plan.topic.question === previous.topic.question && !also) return planned;
  if (plan.audiences.length !== 1 || plan.audiences[0].id !== previous.audiences[0]?.id || previous.audiences.length !== 1) return planned;
  const people = previousPeople(previous);
  return people ? { ...planned, plan: { ...plan, audiences: [people] } } : planned;
}
