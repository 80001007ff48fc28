/*
 * What a model-backed planner tells the model: the task, the organisation's catalogue in a compact
 * form (codes and names only, licensed things only), the audiences docked to the request, the
 * previous turn's plan in the model's own form (so a follow-up can keep or replace its parts), and
 * the few answered plans before it (so "compare both of them" can reach further back).
 */
import type { AnalysisPlan, PlanAudience, PlannerCatalogue, WireExpression } from './assistant.types';
import type { ModelAnswer, ModelExpression } from './plan-schema';

/** A plan as the model writes it (codes only): the previous turn in the instructions, and a round trip in tests. */
export function toModelAnswer(plan: AnalysisPlan): ModelAnswer {
  return {
    kind: plan.kind,
    topic: plan.topic
      ? {
          question: plan.topic.question,
          datapoints: plan.topic.datapoints.map((d) => d.code),
          suffix: plan.topic.suffix?.code ?? null,
          combine: plan.topic.combine ?? 'each',
          minCount: plan.topic.combine === 'at-least' ? (plan.topic.minCount ?? null) : null,
          negate: plan.topic.negate === true,
          except: (plan.topic.also ?? []).filter((p) => p.not === true && p.question === plan.topic?.question).flatMap((p) => p.datapoints.map((d) => d.code)),
          also: (plan.topic.also ?? [])
            .filter((p) => p.not !== true)
            .map((p) => ({ question: p.question, datapoints: p.datapoints.map((d) => d.code), suffix: p.suffix?.code ?? null })),
        }
      : null,
    audiences: plan.audiences
      .filter((a) => a.origin !== 'everyone')
      .map((a) =>
        a.origin === 'phrase' ? { savedAudienceId: null, expression: toModelExpression(a.expression) } : { savedAudienceId: a.id, expression: null },
      ),
    markets: plan.locations.map((l) => l.code),
    waves: plan.waves.map((w) => w.code),
    rankBy: plan.rankBy ?? null,
    groupQuestion: plan.groupQuestion?.code ?? null,
    verdict: plan.verdict ?? null,
    pairedPeriods: plan.pairedPeriods === true,
    limit: plan.limit,
    ascending: plan.ascending,
    count: plan.count,
    average: plan.average === true,
  };
}

function toModelExpression(wire: WireExpression): ModelExpression {
  const not = wire['not'] === true;
  if (Array.isArray(wire['and'])) return { and: (wire['and'] as WireExpression[]).map(toModelExpression), not };
  if (Array.isArray(wire['or'])) return { or: (wire['or'] as WireExpression[]).map(toModelExpression), not };
  return {
    question: String(wire['question']),
    datapoints: Array.isArray(wire['datapoints']) ? (wire['datapoints'] as string[]) : [],
    suffixes: Array.isArray(wire['suffixes']) ? (wire['suffixes'] as string[]) : [],
    min_count: typeof wire['min_count'] === 'number' ? wire['min_count'] : null,
    not,
  };
}

const RULES = [
  'You turn a market researcher’s question about survey data into a plan of what to compute. You never write a figure: the numbers are computed afterwards from the plan.',
  'Use only codes from the catalogue below. The topic is the question measured and the answers (datapoints) that make the subject; the audiences are who is measured (a saved or docked audience by id, or an expression over demographic answers); markets and waves filter; several audiences or markets are compared side by side.',
  '"X but not Y" is combine "all" with Y in except; "Both X and Y" is combine "all"; "X or Y", "either", "at least one of" is "any"; "at least N of" is "at-least" with minCount N; "don’t use", "are not on" is negate true.',
  '"Which market/country … most" ranks markets (rankBy "markets"); "which age group / income group is most likely to …" ranks the groups of that demographic question (rankBy "groups", groupQuestion its code) with the topic unchanged; state a verdict (highest, lowest, grew-more, up-or-down) when the question asks for one.',
  '"How has … changed" is a trend over waves; "vs the same quarter last year" is pairedPeriods with exactly those two waves.',
  'A follow-up keeps what it does not change from the previous plan and replaces what it names. Docked audiences are the audiences when the prompt names none.',
  'A follow-up may refer further back than the previous plan ("compare both of them", "go back to the first market"): the EARLIER PLANS are the chat’s answers before it, oldest first.',
  'When the catalogue does not measure what is asked (an age range, metric or unit it lacks), refuse with reason "cannot-answer" and offer the nearest question’s code. When two readings are equally likely, clarify. Context sentences of a long brief are not the topic.',
  'When the chat’s last prompt was refused or asked back (UNANSWERED PROMPT), a reply that corrects or completes it ("sorry, I meant Germans", "the streaming one") is that prompt with the correction applied; a new question is planned on its own.',
];

/** How much of an unanswered prompt the model is shown: a brief's question and context, a bounded prompt. */
export const MODEL_UNANSWERED_LIMIT = 600;

/** `code=name`, or the code alone where it spells the name (`tiktok` for TikTok): a third of the catalogue's length. */
function codeAndName(x: { code: string; name: string }): string {
  const spelled = x.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return spelled === x.code ? x.code : `${x.code}=${x.name}`;
}

/** How many answered plans before the previous one the model is shown: enough to compare or go back, a bounded prompt. */
export const MODEL_HISTORY_LIMIT = 4;

/**
 * The chat's answered plans before `previous`, oldest first, at most `MODEL_HISTORY_LIMIT`: the
 * history (`PlanInput.history`) ends with the previous plan, which the instructions show on its own.
 */
export function earlierPlans(history: readonly AnalysisPlan[], previous: AnalysisPlan | null): AnalysisPlan[] {
  const last = history[history.length - 1];
  const before = previous && last && JSON.stringify(last) === JSON.stringify(previous) ? history.slice(0, -1) : history;
  return before.slice(-MODEL_HISTORY_LIMIT);
}

/**
 * The system prompt: the rules, the compact catalogue, docked audiences, the previous plan and the
 * few before it, and the chat's last prompt when it was refused or asked back (`PlanInput.unanswered`).
 */
export function modelInstructions(
  catalogue: PlannerCatalogue,
  previous: AnalysisPlan | null,
  docked: readonly PlanAudience[],
  history: readonly AnalysisPlan[] = [],
  unanswered: string | null = null,
): string {
  const earlier = earlierPlans(history, previous);
  const questions = catalogue.questions
    .filter((q) => q.entitled)
    .map((q) => {
      const suffixes = q.suffixes.length > 0 ? ` suffixes: ${q.suffixes.map(codeAndName).join('; ')}` : '';
      return `${q.code} "${q.name}": ${q.datapoints.map(codeAndName).join('; ')}${suffixes}`;
    });
  const lines = [
    ...RULES,
    '',
    'QUESTIONS (code "name": datapoint code=name, or the code alone where it spells the name):',
    ...questions,
    '',
    `MARKETS: ${catalogue.locations
      .filter((l) => l.entitled)
      .map((l) => `${l.code}=${l.name}`)
      .join('; ')}`,
    `WAVES (oldest first): ${catalogue.waves
      .filter((w) => w.entitled)
      .map((w) => `${w.code}=${w.name}`)
      .join('; ')}`,
    `SAVED AUDIENCES (id=name): ${catalogue.audiences.map((a) => `${a.id}=${a.name}`).join('; ')}`,
    `DOCKED AUDIENCES (id=name): ${docked.length > 0 ? docked.map((a) => `${a.id}=${a.name}`).join('; ') : 'none'}`,
    `PREVIOUS PLAN: ${previous ? JSON.stringify(toModelAnswer(previous)) : 'none (a new chat)'}`,
    `EARLIER PLANS (oldest first, before the previous plan, at most ${MODEL_HISTORY_LIMIT}):${earlier.length > 0 ? '' : ' none'}`,
    ...earlier.map((p, i) => `${i + 1}. ${JSON.stringify(toModelAnswer(p))}`),
    `UNANSWERED PROMPT (the chat’s last, refused or asked back): ${unanswered ? JSON.stringify(unanswered.slice(0, MODEL_UNANSWERED_LIMIT)) : 'none'}`,
  ];
  return lines.join('\n');
}
