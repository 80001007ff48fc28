import { CatalogueLookup, CatalogueQuestion } from '../catalogue-lookup';

const suffixes = [
  { code: '1', name: 'Daily' },
  { code: '2', name: 'Weekly' },
];

/** A small hand-written catalogue shared by the specs. */
export const EXAMPLE_QUESTIONS: readonly CatalogueQuestion[] = [
  {
    code: 'gender',
    namespaceCode: 'core',
    name: 'Gender',
    datasetCode: 'core-ds',
    datapoints: [
      { code: 'f', name: 'Female' },
      { code: 'm', name: 'Male' },
    ],
    suffixes: [],
  },
  {
    code: 'age',
    namespaceCode: 'core',
    name: 'Age',
    datasetCode: 'core-ds',
    datapoints: [
      { code: 'a1', name: '16-24' },
      { code: 'a2', name: '25-34' },
      { code: 'a3', name: '35-44' },
    ],
    suffixes: [],
  },
  {
    code: 'tiktok',
    namespaceCode: 'social',
    name: 'Uses TikTok',
    datasetCode: 'social-ds',
    datapoints: [{ code: 'yes', name: 'Yes' }],
    suffixes,
  },
  {
    code: 'income',
    namespaceCode: 'premium',
    name: 'Household income',
    datasetCode: 'premium-ds',
    datapoints: [{ code: 'hi', name: 'High' }],
    suffixes: [],
  },
  // Same code as core's gender in another namespace: only the qualified form can reach it.
  {
    code: 'gender',
    namespaceCode: 'legacy',
    name: 'Gender (legacy)',
    datasetCode: 'legacy-ds',
    datapoints: [{ code: 'x', name: 'Other' }],
    suffixes: [],
  },
];

/** Entitled to every dataset but `premium-ds`; an unqualified code means the `core`/`social` question. */
export function exampleCatalogue(entitled: (dataset: string) => boolean = (d) => d !== 'premium-ds'): CatalogueLookup {
  return {
    findQuestion: (code, namespaceCode) =>
      EXAMPLE_QUESTIONS.find((q) => q.code === code && (namespaceCode === undefined ? q.namespaceCode !== 'legacy' : q.namespaceCode === namespaceCode)),
    isDatasetEntitled: entitled,
  };
}
