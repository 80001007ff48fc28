import { Principal } from '@aas/shared-infra/http';
import { ALL_RESPONDENTS, ChartAttributeInput, ChartAudienceInput, ChartDefinition } from './chart-definition';
import { CheckedChart } from './chart.check';
import type { ChartContent, ChartRow } from './charts.repository';
import { ChartResponse } from './dto/chart-response.dto';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The stored chart's calculation members. */
export function definitionOf(row: ChartRow): ChartDefinition {
  return {
    attributes: row.attributes as ChartAttributeInput[],
    audiences: row.audiences as ChartAudienceInput[],
    base_audience: (row.baseAudience as ChartAudienceInput | null) ?? ALL_RESPONDENTS,
    wave_codes: row.waveCodes,
    location_codes: row.locationCodes,
    metrics: row.metrics,
    splitter: row.splitter,
    segments: row.segments,
    segmented_base: row.segmentedBase,
    group_type: row.groupType,
    sort_type: row.sortType,
    sort_parameter_type: row.sortParameterType,
    sort_parameter_value: row.sortParameterValue,
  };
}

/** Columns written by POST and PUT. */
export function columnsOf(checked: CheckedChart): ChartContent {
  return {
    name: checked.name,
    attributes: checked.attributes,
    audiences: checked.audiences,
    baseAudience: checked.base_audience,
    color: checked.color,
    datasetCodes: checked.dataset_codes,
    folderId: checked.folder_id,
    groupType: checked.group_type,
    viewType: checked.view_type,
    sortType: checked.sort_type,
    sortParameterType: checked.sort_parameter_type,
    sortParameterValue: checked.sort_parameter_value,
    locationCodes: checked.location_codes,
    waveCodes: checked.wave_codes,
    metrics: checked.metrics,
    segments: checked.segments,
    splitter: checked.splitter,
    segmentedBase: checked.segmented_base,
  };
}

/** A chart as the API answers it to the caller: is_owner is theirs, times are Unix seconds. */
export function toChartResponse(row: ChartRow, principal: Principal, datasetNames: string[]): ChartResponse {
  const d = definitionOf(row);
  return {
    id: row.id,
    name: row.name,
    attributes: d.attributes,
    audiences: d.audiences,
    base_audience: d.base_audience,
    color: row.color,
    created_at: unix(row.createdAt),
    updated_at: unix(row.updatedAt),
    shared_at: unix(row.sharedAt),
    dataset_codes: row.datasetCodes,
    dataset_names: datasetNames,
    folder_id: row.folderId,
    group_type: row.groupType,
    is_owner: row.ownerId === principal.userId,
    is_public: false,
    is_shared: true,
    location_codes: row.locationCodes,
    metrics: row.metrics,
    owner_email: row.ownerEmail,
    owner_id: row.ownerId,
    segmented_base: row.segmentedBase,
    segments: row.segments,
    shared_type: 'organisation',
    sort_parameter_type: row.sortParameterType,
    sort_parameter_value: row.sortParameterValue,
    sort_type: row.sortType,
    splitter: row.splitter,
    view_type: row.viewType,
    wave_codes: row.waveCodes,
  };
}
