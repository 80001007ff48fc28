import { averageByOf } from '../planner/average';
import { buildCatalogue, DATASET_COVERAGE } from '@aas/demo-data-domain';
import { PlannerCatalogue } from '../assistant.types';

/** The demo catalogue as the planner sees it for an organisation licensed as given (tests only). */
export function demoPlannerCatalogue(entitled: { datasets?: string[]; locations?: string[]; waves?: number } = {}): PlannerCatalogue {
  const { catalogue } = buildCatalogue();
  const waveCount = entitled.waves ?? catalogue.waves.length;
  const waves = [...catalogue.waves].sort((a, b) => a.end_date.localeCompare(b.end_date));
  const licensedWaves = new Set(waves.slice(-waveCount).map((w) => w.code));
  const datasetOf = (namespace: string) => catalogue.datasets.find((d) => d.base_namespace_code === namespace)?.code ?? namespace;
  return {
    questions: catalogue.questions.map((q) => ({
      code: q.code,
      name: q.name,
      description: q.description,
      datasetCode: datasetOf(q.namespace_code),
      datasetCodes: [...q.dataset_codes],
      entitled: !entitled.datasets || entitled.datasets.includes(datasetOf(q.namespace_code)),
      datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name, ...(d.aliases ? { aliases: [...d.aliases] } : {}) })),
      suffixes: q.suffixes.map((s) => ({ code: s.code, name: s.name })),
      averageBy: averageByOf(q.kind, q.datapoints, q.suffixes),
      ...(q.aliases && q.aliases.length > 0 ? { aliases: [...q.aliases] } : {}),
    })),
    audiences: catalogue.audiences.map((a) => ({
      id: `curated-${a.id}`,
      name: a.name,
      description: a.description,
      expression: a.expression as Record<string, unknown>,
      curated: true,
    })),
    locations: catalogue.locations.map((l) => ({ code: l.code, name: l.name, entitled: !entitled.locations || entitled.locations.includes(l.code) })),
    waves: waves.map((w) => ({ code: w.code, name: w.name, startDate: w.start_date, endDate: w.end_date, entitled: licensedWaves.has(w.code) })),
    datasets: catalogue.datasets.map((d) => ({
      code: d.code,
      name: d.name,
      entitled: !entitled.datasets || entitled.datasets.includes(d.code),
      fielded: { locations: [...DATASET_COVERAGE[d.code].locations], waves: [...DATASET_COVERAGE[d.code].waves] },
    })),
  };
}
