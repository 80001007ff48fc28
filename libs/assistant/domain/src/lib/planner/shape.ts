import { AnalysisKind, PlanOutcome } from '../assistant.types';
import { DEFAULT_WAVE_COUNT } from '@aas/query-rules-domain';
import { clarify, describeGiven, noTopic } from './outcomes';
import { Frame, MarketReading, PlanShape, PromptContext, TopicStep } from './types';

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
  if (
    kindCues.trend ||
    reading.time.pointsInTime ||
    reading.time.perWave ||
    (reading.time.range && reading.time.waves.length > DEFAULT_WAVE_COUNT && !kindCues.share && /\bover the (last|past)\b|\bsince\b/.test(text))
  )
    kind = 'trend';
  else if (kindCues.indexing || kindCues.openIndexing) kind = 'indexing';
  else kind = topic && topic.datapoints.length > 0 ? 'share' : 'ranking';
  return { ...start, kind };
}
