import { AnalysisKind, PlanOutcome } from '../assistant.types';
import { DEFAULT_WAVE_COUNT } from '@aas/query-rules-domain';
import { clarify, describeGiven, noTopic } from './outcomes';
import { Frame, MarketReading, PlanShape, PromptContext, TopicStep } from './types';

/**
 * Whether the words ask for change over time (a trend): a word of trend, two points in time, a
 * period wave by wave or periods set against each other, a period longer than the default said
 * back from now ("since Q1 2025", "over the past two years"), or a period with both ends named
 * ("from summer 2025 to now", "between Q2 2025 and Q2 2026"; in a first turn also "spring 2025 to spring
 * 2026", while a follow-up naming a period so keeps the kind it follows), unless a share is asked for.
 */
export function asksChangeOverTime(reading: PromptContext['reading'], kindCues: Frame['cues'], text: string, firstTurn = true): boolean {
  const { time } = reading;
  if (kindCues.trend || time.pointsInTime || time.perWave) return true;
  if (!time.range || kindCues.share) return false;
  if (time.waves.length > DEFAULT_WAVE_COUNT && /\bover the (last|past)\b|\bsince\b/.test(text)) return true;
  return time.waves.length >= 2 && ((firstTurn && time.bounded === true) || bothEndsNamed(reading));
}

/**
 * "From summer 2025 to now", "between Q2 2025 and Q2 2026": a start read as time after "from" or
 * "between" and a word of the other end after it; "bought from Temu ... relative to all" names none.
 */
function bothEndsNamed(reading: PromptContext['reading']): boolean {
  const { words, time } = reading;
  return words.some((w, i) => {
    if (w !== 'from' && w !== 'between') return false;
    const start = words[i + 1] === 'the' ? i + 2 : i + 1;
    if (!time.used.has(start)) return false;
    const ends = w === 'from' ? ['to', 'until', 'till', 'through'] : ['and'];
    return words.slice(start + 1).some((x) => ends.includes(x));
  });
}

/**
 * The shape of an answer to a prompt read on its own (no follow-up): its kind from the cues and
 * the period; with no topic and no profile asked, what to ask back or refuse.
 */
export function firstTurnShape(
  ctx: PromptContext,
  frame: Frame,
  step: TopicStep,
  start: Omit<PlanShape, 'kind'>,
  marketReading: MarketReading,
): PlanShape | PlanOutcome {
  const { reading, index, previous, text } = ctx;
  const { cues: kindCues, roles } = frame;
  const { topic } = start;
  const { markets } = marketReading;
  if (!topic && !kindCues.openIndexing) {
    if (step.choice.unknown.length > 0) return noTopic(reading, index, step.choice.unknown);
    if (previous === null && (ctx.followUpWords || roles.sides.length > 0 || markets.length > 0 || reading.time.waves.length > 0)) {
      const what = describeGiven(start.audiences, markets, reading);
      return clarify(
        what
          ? `What would you like to know about ${what}? For example the share who use a social platform, own a device or buy a brand.`
          : 'What would you like to know? Name a topic (for example a social platform, a streaming service or a brand), and an audience or a market if you like.',
        [],
      );
    }
    return noTopic(reading, index, step.choice.unknown);
  }
  let kind: AnalysisKind;
  if (asksChangeOverTime(reading, kindCues, text)) kind = 'trend';
  else if (kindCues.indexing || kindCues.openIndexing) kind = 'indexing';
  else kind = topic && topic.datapoints.length > 0 ? 'share' : 'ranking';
  return { ...start, kind };
}
