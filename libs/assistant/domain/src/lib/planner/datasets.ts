import { CodeName, PlanAudience, PlannerCatalogue, PlannerDataset, PlannerQuestion, PlanOutcome } from '../assistant.types';
import { chooseUniverse } from '@aas/query-rules-domain';
import { questionsOf } from './audiences';
import { clarify, refuse } from './outcomes';

/**
 * The dataset a plan counts respondents in, by the service's one universe rule (`chooseUniverse`):
 * one that asks the topic and every question of its audiences, the topic's own dataset first, so
 * a demographic asked in several datasets is read in the topic's. An unlicensed question is
 * refused; questions that share no licensed dataset cannot be combined, so it asks which to use.
 */
export function chooseDatasets(
  catalogue: PlannerCatalogue,
  topic: PlannerQuestion | undefined,
  audiences: PlanAudience[],
  locations: CodeName[] = [],
): { dataset: PlannerDataset } | { refusal: PlanOutcome } {
  const codes = new Set<string>();
  for (const a of audiences) questionsOf(a.expression, codes);
  const used = [...codes].map((c) => catalogue.questions.find((q) => q.code === c)).filter((q): q is PlannerQuestion => q !== undefined);
  const all = topic ? [topic, ...used.filter((q) => q.code !== topic.code)] : used;
  const unlicensed = all.find((q) => !q.entitled);
  if (unlicensed) {
    const dataset = catalogue.datasets.find((d) => d.code === unlicensed.datasetCode);
    return {
      refusal: refuse(
        'not-entitled',
        `“${unlicensed.name}” belongs to the ${dataset?.name ?? unlicensed.datasetCode} dataset, which your organisation does not license.`,
      ),
    };
  }
  const universe = chooseUniverse(
    all.map((question) => ({ path: question.code, question })),
    { entitledDatasets: catalogue.datasets.filter((d) => d.entitled).map((d) => d.code) },
    { prefer: topic?.datasetCode },
  );
  if (universe.ok) return { dataset: catalogue.datasets.find((d) => d.code === universe.value) as PlannerDataset };
  if (universe.status === 403) return { refusal: refuse('not-entitled', 'Your organisation licenses no dataset.') };
  // No choice of audience helps where the topic's survey was never fielded: say so, do not ask back.
  const notFielded = (code: string, market: CodeName) => {
    const fielded = catalogue.datasets.find((d) => d.code === code)?.fielded;
    return fielded !== undefined && !fielded.locations.includes(market.code);
  };
  const missing = topic ? locations.find((l) => topic.datasetCodes.every((code) => notFielded(code, l))) : undefined;
  if (topic && missing) return { refusal: refuse('no-data', `“${topic.name}” is not asked in ${missing.name}: its survey was not fielded there.`) };
  return {
    refusal: clarify(
      `${all.map((q) => `“${q.name}”`).join(' and ')} are not asked of the same respondents (they are in different surveys), so I cannot combine them. Which one should I use?`,
      all.map((q) => q.name),
    ),
  };
}
