import { NIL_UUID } from '@aas/shared-infra/http';
import { labelExpression, parseChartExpression, validateAgainstCatalogue } from '@aas/audience-expression-domain';
import { OrganisationCatalogue } from '@aas/shared-contracts';
import { CheckOutcome, failed, FieldProblems, recordExpressionErrors } from '@aas/query-rules-domain';
import { CHART_METRICS } from './chart-codes';
import { ALL_RESPONDENTS, ChartAudienceInput, ChartDefinition } from './chart-definition';
import { SaveChartRequest } from './dto/chart-request.dto';

/** The detail of a 403 (its errors name the members). */
const NOT_LICENSED = 'The chart uses a dataset, location or wave your organisation is not licensed for';

/** What a chart stores beyond the calculation's members. */
export interface CheckedChart extends ChartDefinition {
  name: string;
  color: string;
  folder_id: string;
  view_type: number;
  dataset_codes: string[];
}

/**
 * Checks a POST/PUT body against the caller's catalogue and fills the defaults, as a pure
 * function. Audiences (chart expression form) must parse and validate: unknown codes 400, a
 * dataset the organisation is not licensed for 403 (403 wins). Waves, locations and dataset codes
 * likewise. Attributes are only checked for shape here: one that is unknown or unlicensed is
 * reported per stat by the calculation, since the catalogue and licences change after saving.
 */
export function checkChart(body: SaveChartRequest, catalogue: OrganisationCatalogue, newId: () => string): CheckOutcome<CheckedChart> {
  const problems = new FieldProblems();
  const datasets = new Set<string>();

  const audience = (dto: SaveChartRequest['base_audience'], path: string, fallbackId: () => string): ChartAudienceInput | undefined => {
    if (!dto) return undefined;
    const parsed = parseChartExpression(dto.expression);
    if (!parsed.ok) {
      recordExpressionErrors(problems, `${path}/expression`, parsed.errors);
      return undefined;
    }
    const checked = validateAgainstCatalogue(parsed.value, catalogue, { form: 'chart' });
    if (!checked.ok) {
      recordExpressionErrors(problems, `${path}/expression`, checked.errors);
      return undefined;
    }
    checked.value.datasets.forEach((d) => datasets.add(d));
    return {
      id: dto.id ?? fallbackId(),
      name: dto.name ?? labelExpression(parsed.value, catalogue),
      color_index: dto.color_index ?? 0,
      is_hidden: dto.is_hidden ?? false,
      // Stored as given (the chart form keeps suffix items as written).
      expression: dto.expression,
    };
  };

  const base = body.base_audience ? audience(body.base_audience, '/base_audience', () => ALL_RESPONDENTS.id) : ALL_RESPONDENTS;
  const audiences = (body.audiences ?? []).map((a, i) => audience(a, `/audiences/${i}`, newId));
  const ids = new Map<string, number>();
  audiences.forEach((a, i) => {
    if (!a) return;
    if (ids.has(a.id)) problems.unknown(`/audiences/${i}/id`, `audience id '${a.id}' is already used by /audiences/${ids.get(a.id)}`);
    else ids.set(a.id, i);
  });

  const codes = (list: string[] | undefined, path: string, exists: (c: string) => boolean, entitled: (c: string) => boolean, kind: string) =>
    (list ?? []).forEach((code, i) => {
      if (!exists(code)) problems.unknown(`${path}/${i}`, `unknown ${kind} '${code}'`);
      else if (!entitled(code)) problems.notLicensed(`${path}/${i}`, `${kind} '${code}' is not licensed to your organisation`);
    });
  codes(
    body.wave_codes,
    '/wave_codes',
    (c) => catalogue.waveExists(c),
    (c) => catalogue.isWaveEntitled(c),
    'wave',
  );
  codes(
    body.location_codes,
    '/location_codes',
    (c) => catalogue.locationExists(c),
    (c) => catalogue.isLocationEntitled(c),
    'location',
  );
  codes(
    body.dataset_codes,
    '/dataset_codes',
    (c) => catalogue.datasetExists(c),
    (c) => catalogue.isDatasetEntitled(c),
    'dataset',
  );

  const splitter = body.splitter ?? '';
  const segments = body.segments ?? [];
  if (splitter === '' && segments.length > 0) problems.unknown('/segments', "segments need a splitter ('wave' or 'location')");
  segments.forEach((code, i) => {
    const known = splitter === 'wave' ? catalogue.waveExists(code) : splitter === 'location' ? catalogue.locationExists(code) : true;
    if (!known) problems.unknown(`/segments/${i}`, `unknown ${splitter} '${code}'`);
  });
  // The value must name a row the calculation produces: one of the audiences, or the base
  // audience only when there are none (the base then stands in as the only audience). With
  // audiences, the base has no row of its own, so sorting on it would silently do nothing.
  const sortValue = body.sort_parameter_value ?? '';
  const baseIsComputed = audiences.length === 0 && base !== undefined && sortValue === base.id;
  if (sortValue !== '' && !ids.has(sortValue) && !baseIsComputed) {
    const message =
      base !== undefined && sortValue === base.id
        ? `sort_parameter_value '${sortValue}' is the base audience, which has no row of its own when the chart has audiences; name one of /audiences`
        : `sort_parameter_value '${sortValue}' is not the id of an audience of the chart`;
    problems.unknown('/sort_parameter_value', message);
  }

  const failure = problems.failure('The request', NOT_LICENSED);
  if (failure !== null || !base) return failed(failure ?? { status: 400, detail: 'The request is invalid', errors: [] });

  const attributes = (body.attributes ?? []).map((a) => ({
    namespace_code: a.namespace_code,
    question_code: a.question_code,
    datapoint_code: a.datapoint_code,
    suffix_code: a.suffix_code ?? '',
  }));
  for (const a of attributes) {
    const q = catalogue.findQuestion(a.question_code, a.namespace_code);
    if (q) datasets.add(q.datasetCode);
  }
  return {
    ok: true,
    value: {
      name: body.name,
      attributes,
      audiences: audiences as ChartAudienceInput[],
      base_audience: base,
      color: body.color ?? '',
      folder_id: (body.folder_id ?? NIL_UUID).toLowerCase(),
      dataset_codes: body.dataset_codes && body.dataset_codes.length > 0 ? [...new Set(body.dataset_codes)] : [...datasets].sort(),
      group_type: body.group_type ?? 0,
      view_type: body.view_type ?? 0,
      sort_type: body.sort_type ?? 0,
      sort_parameter_type: body.sort_parameter_type ?? 0,
      sort_parameter_value: sortValue,
      wave_codes: [...new Set(body.wave_codes ?? [])],
      location_codes: [...new Set(body.location_codes ?? [])],
      metrics: CHART_METRICS.filter((m) => (body.metrics ?? []).includes(m)),
      splitter,
      segments: [...new Set(segments)],
      segmented_base: body.segmented_base ?? true,
    },
  };
}
