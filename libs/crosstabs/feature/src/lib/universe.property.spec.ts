import fc from 'fast-check';
import type { Expression } from '@aas/audience-expression-domain';
import { computeCrosstab, type CrosstabQuery } from '@aas/crosstab-engine-domain';
import {
  checkAgainstReference,
  checkProperty,
  expressionArbitrary,
  partitionsOf,
  randomRecords,
  testDictionary,
  TEST_LOCATIONS,
  TEST_QUESTIONS,
  TEST_WAVES,
} from '@aas/crosstab-engine-domain/testing';
import { chooseUniverse, type QuestionUse } from '@aas/query-rules-domain';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const dictionary = (dataset: string) => (dataset === 'core' ? dictionaries.core : dataset === 'gaming' ? dictionaries.gaming : undefined);

/** The known questions an expression names, as the catalogue check reports them (home dataset = the first that asks it). */
function uses(expression: Expression, path: string): QuestionUse[] {
  if (expression.kind === 'all') return [];
  if (expression.kind !== 'leaf') return expression.children.flatMap((child, i) => uses(child, `${path}/${expression.kind}/${i}`));
  const code = expression.question.replace(/^core\./, '');
  const question = TEST_QUESTIONS.find((q) => q.code === code);
  return question ? [{ path: `${path}/question`, question: { code, datasetCode: question.datasets[0], datasetCodes: question.datasets } }] : [];
}

/**
 * Queries that mix questions of both datasets: the universe rule picks one dataset that asks every
 * question, and the crosstab computed in it equals the reference over that dataset's respondents
 * alone (never the sum of both datasets, which counts the population twice). Queries whose
 * questions share no dataset are refused, and indeed no dataset asks them all.
 */
describe('one respondent universe per query', () => {
  checkProperty(
    'the universe holds every question, and the crosstab in it equals the reference over its respondents only',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 300 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.option(expressionArbitrary, { nil: undefined, freq: 2 }),
      fc.subarray([...TEST_WAVES], { minLength: 1 }),
      fc.subarray([...TEST_LOCATIONS], { minLength: 1 }),
      async (seed, count, rows, columns, base, waves, locations) => {
        const all = [
          ...rows.map((r, i) => uses(r, `/rows/${i}`)),
          ...columns.map((c, i) => uses(c, `/columns/${i}`)),
          uses(base ?? { kind: 'all' }, '/base'),
        ].flat();
        const universe = chooseUniverse(all, { entitledDatasets: ['core', 'gaming'] });
        const asking = ['core', 'gaming'].filter((d) => all.every((u) => (u.question.datasetCodes ?? []).includes(d)));
        if (!universe.ok) {
          if (asking.length > 0) throw new Error(`refused although ${asking.join(', ')} asks every question`);
          return;
        }
        if (!asking.includes(universe.value)) throw new Error(`chose ${universe.value}, which does not ask every question`);
        const records = randomRecords(seed, count);
        const { partitions } = partitionsOf(records);
        const query: CrosstabQuery = { rows, columns, base, waves, locations, datasets: [universe.value] };
        const result = await computeCrosstab({ partitions, dictionary }, query);
        checkAgainstReference(result, records, query);
      },
    ),
    60,
  );
});
