import { valueKey, type SurveyFileMetadata, type SurveyVariable } from './survey-file.types';
import { commonLabelPrefix, defaultCode, quarterWave, slug } from './survey-mapping';
import type { FileValue, QuestionMapping, SurveyMapping } from './survey-mapping.types';

export interface DraftOptions {
  datasetCode?: string;
  datasetName?: string;
}

export interface DraftMapping {
  mapping: SurveyMapping;
  /** What the draft guessed and what a person should check. */
  notes: string[];
}

const ID_NAME = /^(resp(ondent)?[_-]?id|id|uuid|panel(ist)?([_-]?id)?|case[_-]?id|record)$/i;
const WEIGHT_NAME = /(^|_)(weight|wgt|wt|weighting)(_|$)/i;
const WAVE_NAME = /^(wave|period|quarter|fieldwork|survey[_-]?wave)/i;
const LOCATION_NAME = /^(market|country|location|region|geo)/i;

/**
 * A first mapping from a file's metadata, for a person to edit: respondent id, weight, wave and
 * location by name (and the file's own weight variable); multi-response sets from the file's
 * MRSETS, then from common name prefixes whose members are labelled 0/1; grids from common
 * prefixes sharing one value-label set; singles from the remaining labelled variables; numerics
 * (with a placeholder band) from unlabelled numeric variables; unlabelled strings are ignored.
 * Datapoints are written out in full, so the same mapping also reads the file's CSV export.
 */
export function draftMapping(metadata: SurveyFileMetadata, options: DraftOptions = {}): DraftMapping {
  const notes: string[] = [];
  const vars = metadata.variables;
  const taken = new Set<string>();
  const pick = (role: string, test: (v: SurveyVariable) => boolean, fallback?: SurveyVariable): SurveyVariable => {
    const found = vars.find((v) => !taken.has(v.name) && test(v)) ?? fallback;
    if (!found) throw new Error(`the file has no variable that could be the ${role}`);
    taken.add(found.name);
    if (!test(found)) notes.push(`${role}: no variable looks like one; ${found.name} was taken, check it`);
    return found;
  };
  const idVar = pick('respondent id', (v) => ID_NAME.test(v.name), vars[0]);
  const weightVar = pick('weight', (v) => v.name === metadata.weightVariable || (v.type === 'numeric' && WEIGHT_NAME.test(v.name)));
  const waveVar = pick('wave', (v) => WAVE_NAME.test(v.name));
  const locationVar = pick('location', (v) => LOCATION_NAME.test(v.name));

  const code = options.datasetCode ?? 'imported';
  const mapping: SurveyMapping = {
    dataset: { code, name: options.datasetName ?? 'Imported survey' },
    respondentId: idVar.name,
    weight: weightVar.name,
    wave: draftWave(waveVar, notes),
    location: draftLocation(locationVar),
    questions: [],
    ignore: [],
  };
  const questions: QuestionMapping[] = [];
  const codes = new Set<string>();
  const questionCode = (base: string): string => {
    let c = slug(base) || 'q';
    if (/^\d/.test(c)) c = `q_${c}`;
    let candidate = c;
    for (let n = 2; codes.has(candidate); n++) candidate = `${c}_${n}`;
    codes.add(candidate);
    return candidate;
  };
  const byName = new Map(vars.map((v) => [v.name.toLowerCase(), v]));

  for (const set of metadata.multipleResponseSets) {
    const members = set.variables.map((n) => byName.get(n.toLowerCase())).filter((v): v is SurveyVariable => v !== undefined && !taken.has(v.name));
    if (set.kind !== 'dichotomy' || members.length < 2) continue;
    members.forEach((v) => taken.add(v.name));
    questions.push(multiOf(questionCode(set.name.replace(/^\$/, '')), members, set.label, set.countedValue ?? 1));
  }

  for (const group of prefixGroups(vars.filter((v) => !taken.has(v.name)))) {
    if (group.members.every(isDichotomy)) {
      group.members.forEach((v) => taken.add(v.name));
      questions.push(multiOf(questionCode(group.prefix), group.members, '', 1));
    } else if (group.members.every((v) => v.valueLabels.length >= 2 && sameLabels(v, group.members[0]))) {
      group.members.forEach((v) => taken.add(v.name));
      const labels = group.members.map((v) => v.label);
      const prefix = commonLabelPrefix(labels);
      const missing = missingOf(group.members[0]);
      questions.push({
        kind: 'grid',
        code: questionCode(group.prefix),
        name: prefix.replace(/[\s:\-–]+$/, '') || group.prefix,
        rows: group.members.map((v, i) => ({
          variable: v.name,
          code: slug(labels[i].slice(prefix.length)) || slug(v.name),
          name: labels[i].slice(prefix.length).trim() || v.name,
        })),
        scale: group.members[0].valueLabels
          .filter((l) => !missing.some((m) => valueKey(m) === valueKey(l.value)))
          .map((l) => ({ value: l.value, name: l.label })),
        ...(missing.length > 0 ? { missing } : {}),
      });
    }
  }

  for (const v of vars) {
    if (taken.has(v.name)) continue;
    taken.add(v.name);
    const missing = missingOf(v);
    const labelled = v.valueLabels.filter((l) => !missing.some((m) => valueKey(m) === valueKey(l.value)));
    if (labelled.length > 0) {
      questions.push({
        kind: 'single',
        code: questionCode(v.name),
        name: v.label || v.name,
        variable: v.name,
        datapoints: labelled.map((l, i) => ({ value: l.value, code: defaultCode(l.label, l.value, i, labelled), name: l.label })),
        ...(missing.length > 0 ? { missing } : {}),
      });
    } else if (v.type === 'numeric') {
      questions.push({
        kind: 'numeric',
        code: questionCode(v.name),
        name: v.label || v.name,
        variable: v.name,
        bands: [{ code: 'any', name: 'Any value', midpoint: 0 }],
      });
      notes.push(`${v.name}: numeric without value labels; its bands are a placeholder (one open band): edit them, or move it to "ignore"`);
    } else {
      mapping.ignore?.push(v.name);
      notes.push(`${v.name}: text without value labels (open answers?); ignored`);
    }
  }
  mapping.questions = questions;
  if (questions.length === 0) notes.push('no variable looked like a question');
  return { mapping, notes };
}

function draftWave(v: SurveyVariable, notes: string[]): SurveyMapping['wave'] {
  if (v.valueLabels.length === 0) {
    notes.push(`wave ${v.name}: no value labels; the draft reads the values as quarters ("Q1 2025", "2025 Q1")`);
    return { variable: v.name, rule: 'quarter' };
  }
  return {
    variable: v.name,
    values: v.valueLabels.map((l, i) => {
      const q = quarterWave(l.label);
      if (q) return { value: l.value, code: q.code, name: q.name, start_date: q.start_date, end_date: q.end_date };
      notes.push(`wave ${JSON.stringify(l.label)} does not read as a quarter: give it its dates`);
      return { value: l.value, code: slug(l.label) || `wave_${i + 1}`, name: l.label, start_date: '2000-01-01', end_date: '2000-03-31' };
    }),
  };
}

function draftLocation(v: SurveyVariable): SurveyMapping['location'] {
  if (v.valueLabels.length === 0) return { variable: v.name, rule: 'code' };
  return {
    variable: v.name,
    values: v.valueLabels.map((l, i, all) => ({
      value: l.value,
      code: typeof l.value === 'string' && slug(l.value) !== '' ? slug(l.value) : defaultCode(l.label, l.value, i, all),
      name: l.label,
    })),
  };
}

function multiOf(code: string, members: SurveyVariable[], label: string, selected: FileValue): QuestionMapping {
  const prefix = commonLabelPrefix(members.map((v) => v.label));
  return {
    kind: 'multi',
    code,
    name: label || prefix.replace(/[\s:\-–]+$/, '') || code,
    ...(valueKey(selected) !== '1' ? { selected } : {}),
    options: members.map((v) => {
      const name = v.label.slice(prefix.length).trim() || v.name;
      return { variable: v.name, code: slug(name) || slug(v.name), name };
    }),
  };
}

/** Runs of variables named <prefix><separator?><number>, in file order, two or more long. */
function prefixGroups(vars: SurveyVariable[]): { prefix: string; members: SurveyVariable[] }[] {
  const groups = new Map<string, SurveyVariable[]>();
  for (const v of vars) {
    const m = /^(.*?[a-z])[_.]?(\d+)$/i.exec(v.name);
    if (!m) continue;
    const list = groups.get(m[1]) ?? [];
    list.push(v);
    groups.set(m[1], list);
  }
  return [...groups.entries()].filter(([, members]) => members.length >= 2).map(([prefix, members]) => ({ prefix: prefix.replace(/[_.]$/, ''), members }));
}

function isDichotomy(v: SurveyVariable): boolean {
  if (v.type !== 'numeric' || v.valueLabels.length === 0) return false;
  return v.valueLabels.every((l) => l.value === 0 || l.value === 1);
}

function sameLabels(a: SurveyVariable, b: SurveyVariable): boolean {
  return (
    a.valueLabels.length === b.valueLabels.length &&
    a.valueLabels.every((l, i) => valueKey(l.value) === valueKey(b.valueLabels[i].value) && l.label === b.valueLabels[i].label)
  );
}

function missingOf(v: SurveyVariable): FileValue[] {
  return [...v.missing.values];
}
