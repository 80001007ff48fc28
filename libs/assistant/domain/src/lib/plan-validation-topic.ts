/*
 * The topic of a model's plan, checked against the catalogue: its question, answers and suffix, how
 * the answers combine, the answers not given ("TikTok but not Instagram": `except`) and the
 * answers of other questions in the same subject (`also`).
 */
import type { CodeName, PlannerCatalogue, PlannerQuestion, PlanTopic, PlanTopicPart } from './assistant.types';
import { SUBJECT_COMBINES } from './plan-schema';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const absent = (v: unknown): boolean => v === null || v === undefined;

export function licensedQuestion(code: unknown, path: string, catalogue: PlannerCatalogue, errors: string[]): PlannerQuestion | undefined {
  const question = typeof code === 'string' ? catalogue.questions.find((q) => q.code === code) : undefined;
  if (!question) errors.push(`${path}: unknown question "${String(code)}"`);
  else if (!question.entitled) errors.push(`${path}: question "${question.code}" is not licensed to the organisation`);
  else return question;
  return undefined;
}

export function validateTopic(topic: Json, question: PlannerQuestion, catalogue: PlannerCatalogue, errors: string[]): PlanTopic | null {
  const path = 'answer.topic';
  const codes = topic['datapoints'] ?? [];
  if (!strings(codes)) {
    errors.push(`${path}.datapoints: not a list of codes`);
    return null;
  }
  const datapoints: CodeName[] = [];
  for (const code of new Set(codes)) {
    const datapoint = question.datapoints.find((d) => d.code === code);
    if (datapoint) datapoints.push(codeName(datapoint));
    else errors.push(`${path}.datapoints: "${code}" is not an answer of "${question.code}"`);
  }
  let suffix: CodeName | null = null;
  if (!absent(topic['suffix'])) {
    const found = question.suffixes.find((s) => s.code === topic['suffix']);
    if (found) suffix = codeName(found);
    else errors.push(`${path}.suffix: "${String(topic['suffix'])}" is not a suffix of "${question.code}"`);
  }
  const combine = (topic['combine'] ?? 'each') as PlanTopic['combine'];
  if (!SUBJECT_COMBINES.includes(combine as never)) errors.push(`${path}.combine: "${String(combine)}" is not one of ${SUBJECT_COMBINES.join(', ')}`);
  const excluded = validateExcept(topic['except'], question, datapoints, errors);
  if (excluded.length > 0 && combine !== 'all') errors.push(`${path}.except: answers not given need combine "all"`);
  const also = validateAlso(topic['also'], question, catalogue, errors);
  if (also.length > 0 && combine !== 'all' && combine !== 'any') errors.push(`${path}.also: answers of other questions need combine "all" or "any"`);
  if (combine !== 'each' && datapoints.length + excluded.length + also.length < 2) errors.push(`${path}.combine: "${combine}" needs two or more datapoints`);
  const minCount = topic['minCount'];
  if (combine === 'at-least' && (!Number.isInteger(minCount) || (minCount as number) < 1 || (minCount as number) > datapoints.length))
    errors.push(`${path}.minCount: ${String(minCount)} is not an integer from 1 to the ${datapoints.length} datapoints listed`);
  const negate = topic['negate'] === true;
  if (negate && datapoints.length === 0) errors.push(`${path}.negate: a negated subject needs the answer(s) it negates`);
  const out: PlanTopic = { question: question.code, questionName: question.name, datapoints, suffix };
  if (combine && combine !== 'each') out.combine = combine;
  if (combine === 'at-least') out.minCount = minCount as number;
  if (negate) out.negate = true;
  if (also.length > 0 || excluded.length > 0)
    out.also = [...also, ...(excluded.length > 0 ? [{ question: question.code, questionName: question.name, datapoints: excluded, suffix, not: true }] : [])];
  return out;
}

/** The answers of the topic's question respondents did not give ("but not Instagram"); none when absent. */
function validateExcept(value: unknown, question: PlannerQuestion, given: CodeName[], errors: string[]): CodeName[] {
  if (absent(value)) return [];
  if (!strings(value)) {
    errors.push('answer.topic.except: not a list of codes');
    return [];
  }
  const out: CodeName[] = [];
  for (const code of new Set(value)) {
    const datapoint = question.datapoints.find((d) => d.code === code);
    if (!datapoint) errors.push(`answer.topic.except: "${code}" is not an answer of "${question.code}"`);
    else if (given.some((d) => d.code === code)) errors.push(`answer.topic.except: "${code}" is both given and not given`);
    else out.push(codeName(datapoint));
  }
  return out;
}

/** Answers of other questions in the subject ("TikTok or Netflix", an audience sized by its answers); none when absent. */
function validateAlso(value: unknown, topicQuestion: PlannerQuestion, catalogue: PlannerCatalogue, errors: string[]): PlanTopicPart[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) {
    errors.push('answer.topic.also: a list is required');
    return [];
  }
  const out: PlanTopicPart[] = [];
  value.forEach((item, i) => {
    const path = `answer.topic.also[${i}]`;
    if (!isObject(item)) return void errors.push(`${path}: an object is required`);
    const question = licensedQuestion(item['question'], `${path}.question`, catalogue, errors);
    if (!question) return;
    if (question.code === topicQuestion.code || out.some((p) => p.question === question.code))
      return void errors.push(`${path}.question: "${question.code}" is already in the subject (list its answers once)`);
    const codes = strings(item['datapoints']) ? item['datapoints'] : [];
    const datapoints = question.datapoints.filter((d) => codes.includes(d.code)).map(codeName);
    for (const code of codes)
      if (!question.datapoints.some((d) => d.code === code)) errors.push(`${path}.datapoints: "${code}" is not an answer of "${question.code}"`);
    if (datapoints.length === 0) errors.push(`${path}.datapoints: a part needs the answer(s) it adds`);
    const suffix = absent(item['suffix']) ? null : question.suffixes.find((s) => s.code === item['suffix']);
    if (suffix === undefined) errors.push(`${path}.suffix: "${String(item['suffix'])}" is not a suffix of "${question.code}"`);
    out.push({ question: question.code, questionName: question.name, datapoints, suffix: suffix ? codeName(suffix) : null });
  });
  return out;
}
