import type { Question } from '@aas/shared-contracts';
import type { CatalogueContent } from '../lib/catalogue.writer';

/** A question of the test catalogue: the columns a test cares about, the rest defaulted. */
function question(namespace: string, code: string, order: number, categories: number[], datasets: string[], datapoints: string[]): Question {
  return {
    namespace_code: namespace,
    code,
    name: `${code} name`,
    description: `${code} description`,
    kind: 'single',
    unit: '',
    flags: [],
    order,
    knowledge_base: '',
    message: '',
    notice: '',
    warning: '',
    category_ids: categories,
    dataset_codes: datasets,
    attribute_count: datapoints.length,
    datapoints: datapoints.map((dp, i) => ({ code: dp, name: `${dp} name`, order: i + 1, midpoint: null })),
    suffixes: [],
  };
}

/**
 * A small catalogue for the catalogue's integration specs (tests only): two datasets (`core`, and
 * `gaming` whose namespace is its own), a category tree listed children first, four quarters
 * listed out of order, three locations. `label` goes into every dataset, question, location and wave name, so a
 * test can tell which write a read came from; `without` leaves codes out (a catalogue that lost them).
 */
export function testCatalogue(label = 'v1', without: { datasets?: string[]; locations?: string[]; waves?: string[] } = {}): CatalogueContent {
  const keep = (list: string[] | undefined, code: string) => !(list ?? []).includes(code);
  const datasets = [
    { code: 'core', name: `Core ${label}`, description: '', base_namespace_code: 'core', depth: 0, order: 1, is_syndicated: false },
    { code: 'gaming', name: `Gaming ${label}`, description: '', base_namespace_code: 'gaming', depth: 1, order: 2, is_syndicated: true },
  ].filter((d) => keep(without.datasets, d.code));
  const codes = new Set(datasets.map((d) => d.code));
  const categories = [
    { id: 3, dataset_code: 'core', name: 'Video', description: '', order: 1, parent_id: 2 },
    { id: 2, dataset_code: 'core', name: 'Social', description: '', order: 1, parent_id: 1 },
    { id: 1, dataset_code: 'core', name: 'Media', description: '', order: 1, parent_id: null },
    { id: 5, dataset_code: 'gaming', name: 'Games', description: '', order: 2, parent_id: null },
  ].filter((c) => codes.has(c.dataset_code));
  const questions = [
    question('core', 'gender', 1, [1], ['core', 'gaming'], ['female', 'male']),
    question('core', 'platforms', 2, [2, 3], ['core'], ['tiktok', 'instagram']),
    question('gaming', 'genres', 3, [5], ['gaming'], ['rpg', 'puzzle']),
  ]
    .filter((q) => codes.has(q.namespace_code))
    .map((q) => ({ ...q, name: `${q.name} ${label}` }));
  const locations = [
    { code: 'gb', name: 'United Kingdom', region: 'europe' },
    { code: 'fr', name: 'France', region: 'europe' },
    { code: 'us', name: 'United States', region: 'americas' },
  ]
    .filter((l) => keep(without.locations, l.code))
    .map((l) => ({ ...l, name: `${l.name} ${label}` }));
  const waves = [
    { code: 'q2_2025', name: 'Q2 2025', kind: 'quarter' as const, start_date: '2025-04-01', end_date: '2025-06-30' },
    { code: 'q4_2024', name: 'Q4 2024', kind: 'quarter' as const, start_date: '2024-10-01', end_date: '2024-12-31' },
    { code: 'q3_2025', name: 'Q3 2025', kind: 'quarter' as const, start_date: '2025-07-01', end_date: '2025-09-30' },
    { code: 'q1_2025', name: 'Q1 2025', kind: 'quarter' as const, start_date: '2025-01-01', end_date: '2025-03-31' },
  ]
    .filter((w) => keep(without.waves, w.code))
    .map((w) => ({ ...w, name: `${w.name} ${label}` }));
  const populations = locations.flatMap((l, i) => waves.map((w, j) => ({ location_code: l.code, wave_code: w.code, population: 1_000_000 * (i + 1) + j })));
  return { datasets, categories, questions, locations, waves, populations };
}
