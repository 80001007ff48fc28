import { convertWireExpression, type ExpressionError } from '@aas/audience-expression-domain';
import type { CrosstabAudienceInput, CrosstabQueryInput } from '@aas/shared-contracts';
import type { StoredAudience } from './crosstab-project.check';

/** The stored members a crosstab is computed from. */
export interface StoredProjectContent {
  readonly rows: readonly unknown[];
  readonly columns: readonly unknown[];
  readonly bases: unknown;
  readonly countryCodes: readonly string[];
  readonly waveCodes: readonly string[];
}

export type ProjectQueryOutcome =
  { readonly ok: true; readonly value: CrosstabQueryInput } | { readonly ok: false; readonly errors: readonly ExpressionError[] };

/**
 * A stored project as the crosstab it describes: each audience's expression from the saved-crosstab
 * form (`qustion`, `options`, integer suffixes) into the standard form the crosstab takes, with its
 * id and name, and its `avg` (a row or column is then an average item: each of its cells carries the
 * mean); the base (none: every respondent; an `avg` on it means nothing and is left out); the
 * project's waves and locations (none: the crosstab's defaults). Errors point into the project
 * (`/rows/2/expression/...`), for a stored expression that no longer parses.
 */
export function projectQuery(project: StoredProjectContent): ProjectQueryOutcome {
  const errors: ExpressionError[] = [];
  const audience = (stored: unknown, path: string, averaged: boolean): CrosstabAudienceInput | undefined => {
    const a = stored as StoredAudience;
    const converted = convertWireExpression(a.expression, 'crosstab', 'standard');
    if (!converted.ok) {
      errors.push(...converted.errors.map((e) => ({ ...e, path: `${path}/expression${e.path}` })));
      return undefined;
    }
    return { id: a.id, name: a.name, expression: converted.value, ...(averaged && a.avg ? { avg: a.avg } : {}) };
  };
  const side = (list: readonly unknown[], name: string) =>
    list.map((a, i) => audience(a, `/${name}/${i}`, true)).filter((a): a is CrosstabAudienceInput => a !== undefined);
  const rows = side(project.rows, 'rows');
  const columns = side(project.columns, 'columns');
  const base = project.bases === null || project.bases === undefined ? undefined : audience(project.bases, '/bases', false);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      rows,
      columns,
      ...(base ? { base_audience: base } : {}),
      waves: [...project.waveCodes],
      locations: [...project.countryCodes],
    },
  };
}

/** The project's member a path of the crosstab check names (`/base_audience/...` is `/bases/...`, and so on). */
const PROJECT_MEMBERS: readonly (readonly [string, string])[] = [
  ['/base_audience', '/bases'],
  ['/waves', '/wave_codes'],
  ['/locations', '/country_codes'],
];

/** A path of the crosstab check (POST /v2/query/crosstab's body) as the path of the project's member it came from. */
export function projectPath(path: string): string {
  for (const [from, to] of PROJECT_MEMBERS) {
    if (path === from || path.startsWith(`${from}/`)) return `${to}${path.slice(from.length)}`;
  }
  return path;
}
