import { AnalysisPlan, PlanOutcome } from '../assistant.types';
import { combine, phraseAudience } from './audiences';
import lexicon from './context-lexicon.json';

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const POINTER = new RegExp(`(?<![\\p{L}])(?:${lexicon.previousPeople.phrases.map(escape).join('|')})(?![\\p{L}])`, 'iu');

/** The people the last answer counted: its audience (unless everyone) with those who gave its subject. */
function previousPeople(previous: AnalysisPlan) {
  const topic = previous.topic;
  if (!topic || topic.datapoints.length === 0 || previous.audiences.length !== 1) return null;
  if (topic.combine && topic.combine !== 'each' && topic.combine !== 'any') return null;
  if (topic.datapoints.length > 1 && topic.combine !== 'any') return null;
  const names = topic.datapoints.map((d) => d.name).join(' or ');
  const givers = phraseAudience(
    `${topic.negate ? 'Not ' : ''}${names} ${/owned|ownership/.test(topic.question) ? 'owners' : 'users'}`,
    `Respondents who ${topic.negate ? 'did not answer' : 'answered'} ${topic.datapoints.map((d) => `“${d.name}”`).join(' or ')} to “${topic.questionName}”.`,
    {
      question: topic.question,
      datapoints: topic.datapoints.map((d) => d.code),
      ...(topic.suffix ? { suffixes: [topic.suffix.code] } : {}),
      ...(topic.negate ? { not: true } : {}),
    },
  );
  const audience = previous.audiences[0];
  return audience.origin === 'everyone' ? givers : combine([audience, givers]);
}

/**
 * "How many people in the UK use Threads?" then "and how many of them are men?": the turn asks about
 * another question of the people the last answer counted, so they are its audience (the last
 * audience with those who gave its subject), never everyone. Only when the turn was answered for
 * the last answer's audience unchanged and measures another question than the last one; a turn that
 * measures the same question ("what about them on TikTok?") or the same thing on another scale ("how many of
 * them use it every day?") keeps its reading.
 */
export function withPreviousPeople(prompt: string, planned: PlanOutcome, previous: AnalysisPlan | null | undefined): PlanOutcome {
  if (planned.outcome !== 'answer' || !previous?.topic || !POINTER.test(prompt)) return planned;
  const plan = planned.plan;
  if (!plan.topic || plan.topic.question === previous.topic.question) return planned;
  // "How many of them use it every day?": the same thing on another scale, measured among everyone.
  const before = new Set(previous.topic.datapoints.map((d) => d.code));
  if (plan.topic.datapoints.some((d) => before.has(d.code))) return planned;
  if (plan.audiences.length !== 1 || plan.audiences[0].id !== previous.audiences[0]?.id || previous.audiences.length !== 1) return planned;
  const people = previousPeople(previous);
  return people ? { ...planned, plan: { ...plan, audiences: [people] } } : planned;
}
