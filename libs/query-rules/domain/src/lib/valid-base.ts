import { collectAttributes, resolveQuestion, type Expression, type StandardWire } from '@aas/audience-expression-domain';
import type { CatalogueQuestionInfo, OrganisationCatalogue } from '@aas/shared-contracts';

/**
 * What a crosstab's percentages are of (`?percent_base=`, docs/metrics.md#valid-bases): everyone
 * in the base (`all`, the default), or, row by row, those in the base who answered (`answered`) or
 * were asked (`asked`) the row's questions.
 */
export type PercentBase = 'all' | 'asked' | 'answered';

export const PERCENT_BASES: readonly PercentBase[] = ['all', 'asked', 'answered'];

/**
 * The valid base of an audience: the respondents who answered (or were asked) every question it
 * names, as one expression (standard form), or undefined when it names none (the base stands).
 * Answered: a grid row is its own variable, so a grid question counts as answered on the rows the
 * audience names (any row when a leaf names none); any other question on any of its datapoints.
 * Asked: the import's record of who was asked each question (`{question, asked: true}`).
 */
export function validBaseOf(
  expression: Expression,
  kind: Exclude<PercentBase, 'all'>,
  catalogue: Pick<OrganisationCatalogue, 'findQuestion'>,
): StandardWire | undefined {
  const rows = new Map<string, Set<string> | 'any'>();
  for (const attribute of collectAttributes(expression)) {
    const own = rows.get(attribute.question);
    if (own === 'any') continue;
    const question = resolveQuestion(attribute.question, catalogue) as CatalogueQuestionInfo | undefined;
    const grid = question?.kind === 'grid_single' || question?.kind === 'grid_multi';
    if (kind === 'asked' || !grid || attribute.datapoint === undefined) rows.set(attribute.question, 'any');
    else rows.set(attribute.question, (own ?? new Set<string>()).add(attribute.datapoint));
  }
  const leaves: StandardWire[] = [...rows].map(([question, datapoints]) =>
    kind === 'asked' ? ({ question, asked: true } as StandardWire) : datapoints === 'any' ? { question } : { question, datapoints: [...datapoints] },
  );
  if (leaves.length === 0) return undefined;
  return leaves.length === 1 ? leaves[0] : { and: leaves };
}

/**
 * An audience within its valid base: the audience itself when it plainly lies inside (a leaf,
 * without `not`, of the one question the base is about having answered it), else both.
 */
export function withinValidBase(audience: StandardWire, validBase: StandardWire): StandardWire {
  const asked = (validBase as { asked?: boolean }).asked === true;
  const inside =
    !asked &&
    audience.not !== true &&
    audience.question !== undefined &&
    audience.question === validBase.question &&
    (validBase.datapoints === undefined || (audience.datapoints?.length ?? 0) > 0) &&
    (audience.datapoints ?? []).every((d) => validBase.datapoints === undefined || validBase.datapoints.includes(d));
  return inside ? audience : { and: [audience, validBase] };
}
