/* The mapping file (JSON or YAML), as described by survey-mapping.schema.json. */
export type FileValue = number | string;

export interface WaveValue {
  value: FileValue;
  code: string;
  name: string;
  /** YYYY-MM-DD; the import refuses a wave without dates (a draft leaves them out when its label does not say them). */
  start_date?: string;
  end_date?: string;
}

export interface LocationValue {
  value: FileValue;
  code: string;
  name: string;
  region?: string;
}

export interface DatapointMapping {
  value: FileValue;
  code: string;
  name?: string;
  /** The number the datapoint stands for (a point of a numeric scale), for averages. */
  midpoint?: number | null;
  /** Other names people use for the answer ("Meta" for "Facebook (Meta)"): the assistant reads them as the answer. */
  aliases?: string[];
}

/** A datapoint defined by a variable of its own (a multi's option, a grid's row). */
export interface VariableDatapointMapping {
  variable: string;
  code: string;
  name?: string;
  aliases?: string[];
}

interface QuestionBase {
  code: string;
  name?: string;
  description?: string;
  category?: string;
  /** Other names people use for the question itself ("NPS"): the assistant reads them as words of its name. */
  aliases?: string[];
}

export interface SingleQuestionMapping extends QuestionBase {
  kind: 'single';
  variable: string;
  datapoints?: DatapointMapping[];
  missing?: FileValue[];
}

export interface MultiQuestionMapping extends QuestionBase {
  kind: 'multi';
  selected?: FileValue;
  options: VariableDatapointMapping[];
}

export interface GridQuestionMapping extends QuestionBase {
  kind: 'grid';
  rows: VariableDatapointMapping[];
  scale?: { value: FileValue; name: string; midpoint?: number | null }[];
  missing?: FileValue[];
}

export interface NumericQuestionMapping extends QuestionBase {
  kind: 'numeric';
  variable: string;
  unit?: string;
  bands: { code: string; name: string; min?: number; max?: number; midpoint: number; aliases?: string[] }[];
  missing?: FileValue[];
}

/** A multiple-category set (SPSS MRSETS /MCGROUP): variables on one set of codes (top-3 mentions); any of them holding a value gives its datapoint. */
export interface CategorySetQuestionMapping extends QuestionBase {
  kind: 'category_set';
  variables: string[];
  datapoints?: DatapointMapping[];
  missing?: FileValue[];
}

export type QuestionMapping = SingleQuestionMapping | MultiQuestionMapping | GridQuestionMapping | NumericQuestionMapping | CategorySetQuestionMapping;

export interface SurveyMapping {
  $schema?: string;
  dataset: { code: string; name: string; description?: string; namespace?: string };
  respondentId: string;
  weight: string;
  wave: { variable: string; values?: WaveValue[]; rule?: 'quarter' };
  location: { variable: string; values?: LocationValue[]; rule?: 'code' };
  categories?: { code: string; name: string; description?: string; parent?: string }[];
  questions: QuestionMapping[];
  ignore?: string[];
  populations?: { location: string; wave: string; population: number }[];
}
