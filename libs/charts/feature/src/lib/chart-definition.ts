/** A datapoint a chart shows: question, datapoint and, for a grid question, the suffix. */
export interface ChartAttributeInput {
  namespace_code: string;
  question_code: string;
  datapoint_code: string;
  suffix_code?: string;
}

/** One of a chart's audiences, or its base audience. */
export interface ChartAudienceInput {
  id: string;
  name: string;
  color_index: number;
  is_hidden: boolean;
  /** Chart form (docs/metrics.md#the-three-wire-forms), as sent. */
  expression: Record<string, unknown>;
}

/** A chart as stored and answered (the members the calculation reads), in wire spelling. */
export interface ChartDefinition {
  attributes: ChartAttributeInput[];
  audiences: ChartAudienceInput[];
  base_audience: ChartAudienceInput;
  wave_codes: string[];
  location_codes: string[];
  metrics: string[];
  splitter: string;
  segments: string[];
  segmented_base: boolean;
  group_type: number;
  sort_type: number;
  sort_parameter_type: number;
  sort_parameter_value: string;
}

/** The base audience of a chart that names none. */
export const ALL_RESPONDENTS: ChartAudienceInput = { id: 'base', name: 'All respondents', color_index: 0, is_hidden: false, expression: {} };
