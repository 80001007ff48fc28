/* The mapping file (JSON or YAML), as described by survey-mapping.schema.json. */
export type FileValue = number | string;

export interface WaveValue {
  value: FileValue;
  code: string;
  name: string;
  start_date: string;
  end_date: string;
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
}

interface QuestionBase {
  code: string;
  name?: string;
  description?: string;
  category?: string;
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
  options: { variable: string; code: string; name?: string }[];
}

export interface GridQuestionMapping extends QuestionBase {
  kind: 'grid';
  rows: { variable: string; code: string; name?: string }[];
  scale?: { value: FileValue; name: string; midpoint?: number | null }[];
  missing?: FileValue[];
}

export interface NumericQuestionMapping extends QuestionBase {
  kind: 'numeric';
  variable: string;
  unit?: string;
  bands: { code: string; name: string; min?: number; max?: number; midpoint: number }[];
  missing?: FileValue[];
}

export type QuestionMapping = SingleQuestionMapping | MultiQuestionMapping | GridQuestionMapping | NumericQuestionMapping;

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
