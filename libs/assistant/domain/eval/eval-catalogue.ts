import { averageByOf } from '../src/lib/planner/average';
import { buildCatalogue, DATASET_COVERAGE } from '@aas/demo-data-domain';
import { PlanAudience, PlannerCatalogue } from '../src/lib/assistant.types';

/**
 * The planner's catalogue for one organisation of the generated demo catalogue, built as the
 * feature's loader builds it from the database: every question, market, wave and dataset with
 * the organisation's entitlements, and the curated audiences (ids `curated-<n>`).
 */
export function evalCatalogue(orgSlug: string): PlannerCatalogue {
  const { catalogue } = buildCatalogue();
  const org = catalogue.organisations.find((o) => o.slug === orgSlug);
  if (!org) throw new Error(`unknown organisation '${orgSlug}'`);
  const datasets = new Set(org.datasets);
  const locations = new Set(org.locations);
  const waves = new Set(org.waves);
  // A question is licensed through its namespace's dataset (as the catalogue snapshot decides).
  const datasetOf = (namespace: string, asked: string[]) => catalogue.datasets.find((d) => d.base_namespace_code === namespace)?.code ?? asked[0];
  return {
    questions: catalogue.questions.map((q) => {
      const datasetCode = datasetOf(q.namespace_code, q.dataset_codes);
      return {
        code: q.code,
        name: q.name,
        description: q.description,
        datasetCode,
        datasetCodes: [...q.dataset_codes],
        entitled: datasets.has(datasetCode),
        datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name, ...(d.aliases ? { aliases: [...d.aliases] } : {}) })),
        suffixes: q.suffixes.map((s) => ({ code: s.code, name: s.name })),
        ...(q.aliases && q.aliases.length > 0 ? { aliases: [...q.aliases] } : {}),
        averageBy: averageByOf(q.kind, q.datapoints, q.suffixes),
      };
    }),
    audiences: catalogue.audiences.map((a) => ({
      id: `curated-${a.id}`,
      name: a.name,
      description: a.description,
      expression: a.expression as Record<string, unknown>,
      curated: true,
    })),
    locations: catalogue.locations.map((l) => ({ code: l.code, name: l.name, entitled: locations.has(l.code) })),
    waves: [...catalogue.waves]
      .sort((a, b) => a.end_date.localeCompare(b.end_date))
      .map((w) => ({ code: w.code, name: w.name, startDate: w.start_date, endDate: w.end_date, entitled: waves.has(w.code) })),
    datasets: [...catalogue.datasets]
      .sort((a, b) => a.order - b.order)
      .map((d) => ({
        code: d.code,
        name: d.name,
        entitled: datasets.has(d.code),
        fielded: DATASET_COVERAGE[d.code] ? { locations: [...DATASET_COVERAGE[d.code].locations], waves: [...DATASET_COVERAGE[d.code].waves] } : undefined,
      })),
  };
}

/** Curated audiences docked to a request, by name, as the feature passes them to the planner. */
export function dockedAudiences(catalogue: PlannerCatalogue, names: readonly string[]): PlanAudience[] {
  return names.map((name) => {
    const found = catalogue.audiences.find((a) => a.name.toLowerCase() === name.toLowerCase());
    if (!found) throw new Error(`docked audience '${name}' is not a curated audience`);
    return { id: found.id, name: found.name, description: found.description, expression: found.expression, origin: 'docked' };
  });
}
