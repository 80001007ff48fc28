import { isUserMissing, valueKey, type SurveyFile, type SurveyFileMetadata, type SurveyVariable } from './survey-file.types';
import { answerLabelAliases, commonLabelPrefix, defaultCode, labelOf, questionLabelAliases, shortLabel, slug } from './mapping-labels';
import { allIsoNumeric, countryOf } from './country-codes';
import { numericBands } from './numeric-bands';
import { quarterCode, readWaveDates } from './wave-dates';
import { variableFinder } from './variable-names';
import type { DatapointMapping, FileValue, QuestionMapping, SurveyMapping } from './survey-mapping.types';

export interface DraftOptions {
  datasetCode?: string;
  datasetName?: string;
  /** Variables for the roles, when their names are not among those the draft looks for. */
  respondentId?: string;
  weight?: string;
  wave?: string;
  location?: string;
  /** What the file's values are (from `collectStats`): without it, numbers get no bands. */
  stats?: FileStats;
}

export interface DraftMapping {
  mapping: SurveyMapping;
  /** What the draft guessed and what a person should check. */
  notes: string[];
}

/** Per variable: how many rows hold each numeric value (numbers only; strings are not counted). */
export type FileStats = ReadonlyMap<string, ReadonlyMap<number, number>>;

/** Names the draft takes each role from (first match in file order), as written in its error messages. */
export const ROLE_NAMES: Record<'respondentId' | 'weight' | 'wave' | 'location', readonly string[]> = {
  respondentId: ['resp_id', 'respondent_id', 'respid', 'id', 'idno', 'uuid', 'case_id', 'caseid', 'panelist_id', 'record'],
  weight: ['weight', 'wgt', 'wt', 'weighting', 'pspwght', 'dweight', 'pweight', 'anweight', '*_weight', 'weight_*'],
  wave: ['wave', 'period', 'quarter', 'fieldwork', 'survey_wave', 'round', 'essround', 'wave_*'],
  location: ['country', 'cntry', 'market', 'location', 'region', 'geo', 'nation', 'land', 'pays', 'pais', 'country_*', 'market_*'],
};

const roleTest = (names: readonly string[]) => (v: SurveyVariable) =>
  names.some((pattern) => {
    const name = v.name.toLowerCase();
    if (pattern.startsWith('*')) return name.endsWith(pattern.slice(1));
    if (pattern.endsWith('*')) return name.startsWith(pattern.slice(0, -1));
    return name === pattern;
  });

/** Distinct numeric values kept per variable (beyond it, new values are not counted: quantiles from the first ones). */
const MAX_DISTINCT = 200_000;

/** Reads the rows once and counts each numeric value per variable, for bands and scales. */
export async function collectStats(file: SurveyFile): Promise<FileStats> {
  const counts = file.metadata.variables.map(() => new Map<number, number>());
  for await (const row of file.rows()) {
    row.values.forEach((value, i) => {
      if (typeof value !== 'number') return;
      const map = counts[i];
      const n = map.get(value);
      if (n !== undefined) map.set(value, n + 1);
      else if (map.size < MAX_DISTINCT) map.set(value, 1);
    });
  }
  return new Map(file.metadata.variables.map((v, i) => [v.name, counts[i]]));
}

/** A draft from the file itself: its dictionary, and its values (read once) for the bands of numbers and the points of scales. */
export async function draftMappingFromFile(file: SurveyFile, options: DraftOptions = {}): Promise<DraftMapping> {
  return draftMapping(file.metadata, { ...options, stats: await collectStats(file) });
}

/**
 * A first mapping for a person to check, usable as drafted: the roles by name (or as the options
 * name them); waves with the dates their labels give; locations as ISO market codes; multi sets
 * and category sets from the file's MRSETS, then multi sets from runs of 0/1-labelled variables;
 * grids from runs sharing one value-label set; singles from the other labelled variables (a scale
 * labelled only at its ends gets every point); numbers with bands from their values; unlabelled
 * text ignored. Datapoints are written out in full, so the mapping also reads the CSV export.
 * Throws when a role has no variable, naming what it looked for.
 */
export function draftMapping(metadata: SurveyFileMetadata, options: DraftOptions = {}): DraftMapping {
  const notes: string[] = [];
  const vars = metadata.variables;
  const taken = new Set<string>();
  const find = variableFinder(vars);
  const pick = (role: keyof typeof ROLE_NAMES, option: string | undefined, test: (v: SurveyVariable) => boolean, fallback?: SurveyVariable): SurveyVariable => {
    if (option !== undefined) {
      const named = find(option);
      if (!named) throw new Error(`the file has no variable ${option} (given as the ${roleWords[role]})`);
      taken.add(named.name);
      return named;
    }
    const found = vars.find((v) => !taken.has(v.name) && test(v)) ?? fallback;
    if (!found) {
      throw new Error(
        `the file has no variable that could be the ${roleWords[role]}: looked for ${ROLE_NAMES[role].join(', ')} (any case); ` +
          `name it with --${roleOption[role]} <variable>`,
      );
    }
    taken.add(found.name);
    if (!test(found)) notes.push(`${roleWords[role]}: no variable looks like one; ${found.name} was taken, check it`);
    return found;
  };
  const idVar = pick('respondentId', options.respondentId, roleTest(ROLE_NAMES.respondentId), vars[0]);
  const weightVar = pick('weight', options.weight, (v) => v.name === metadata.weightVariable || (v.type === 'numeric' && roleTest(ROLE_NAMES.weight)(v)));
  const waveVar = pick('wave', options.wave, roleTest(ROLE_NAMES.wave));
  const locationVar = pick('location', options.location, roleTest(ROLE_NAMES.location));

  const code = options.datasetCode ?? 'imported';
  const mapping: SurveyMapping = {
    dataset: { code, name: options.datasetName ?? 'Imported survey' },
    respondentId: idVar.name,
    weight: weightVar.name,
    wave: draftWave(waveVar, notes),
    location: draftLocation(locationVar, options.stats?.get(locationVar.name), notes),
    questions: draftQuestions(metadata, taken, options.stats, notes),
    ignore: vars.filter((v) => !taken.has(v.name)).map((v) => v.name),
  };
  for (const name of mapping.ignore ?? []) notes.push(`${name}: text without value labels (open answers?); ignored`);
  const proposed = aliasNotes(mapping.questions);
  if (proposed.length > 0)
    notes.push(`aliases proposed from labels (other names the assistant reads as the question or answer): ${proposed.join('; ')}: check them`);
  if (mapping.questions.length === 0) notes.push('no variable looked like a question');
  return { mapping, notes };
}

const roleWords = { respondentId: 'respondent id', weight: 'weight', wave: 'wave', location: 'location' } as const;
const roleOption = { respondentId: 'id', weight: 'weight', wave: 'wave', location: 'location' } as const;

function draftQuestions(metadata: SurveyFileMetadata, taken: Set<string>, stats: FileStats | undefined, notes: string[]): QuestionMapping[] {
  const vars = metadata.variables;
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
  const find = variableFinder(vars);
  for (const set of metadata.multipleResponseSets) {
    const members = set.variables.map((n) => find(n)).filter((v): v is SurveyVariable => v !== undefined && !taken.has(v.name));
    if (members.length < 2) continue;
    members.forEach((v) => taken.add(v.name));
    const setCode = questionCode(set.name.replace(/^\$/, ''));
    if (set.kind === 'dichotomy') questions.push(multiOf(setCode, members, set.label, set.countedValue ?? 1));
    else {
      const { mapping } = codedValues(members[0], stats);
      questions.push({
        kind: 'category_set',
        code: setCode,
        ...named(set.label || members[0].label, setCode),
        variables: members.map((v) => v.name),
        ...mapping,
      });
    }
  }
  for (const group of prefixGroups(vars.filter((v) => !taken.has(v.name)))) {
    if (group.members.every(isDichotomy)) {
      group.members.forEach((v) => taken.add(v.name));
      questions.push(multiOf(questionCode(group.prefix), group.members, '', 1));
    } else if (group.members.every((v) => v.valueLabels.length >= 2 && sameLabels(v, group.members[0]))) {
      group.members.forEach((v) => taken.add(v.name));
      questions.push(gridOf(questionCode(group.prefix), group.prefix, group.members));
    }
  }
  for (const v of vars) {
    if (taken.has(v.name)) continue;
    const coded = codedValues(v, stats);
    if (coded.datapoints.length > 0) {
      taken.add(v.name);
      if (coded.scale) notes.push(`${v.name}: labelled only at some points of ${coded.scale}: every point is a datapoint, with its number as midpoint`);
      questions.push({ kind: 'single', code: questionCode(v.name), ...named(v.label, v.name), variable: v.name, ...coded.mapping });
    } else if (v.type === 'numeric') {
      taken.add(v.name);
      const bands = stats ? numericBands(stats.get(v.name) ?? new Map()) : [];
      questions.push({ kind: 'numeric', code: questionCode(v.name), ...named(v.label, v.name), variable: v.name, bands });
      notes.push(
        bands.length > 0
          ? `${v.name}: numeric without value labels: ${bands.length} bands from its values (${bands.map((b) => b.name).join(', ')}): check them`
          : `${v.name}: numeric without value labels${stats ? ' and with fewer than two values' : ''}: define its bands (the import refuses it without), or move it to "ignore"`,
      );
    }
  }
  return questions;
}

/** The datapoints of a labelled variable (user-missing values left out); a scale labelled only at some points gets all of them. */
function codedValues(
  v: SurveyVariable,
  stats: FileStats | undefined,
): { datapoints: DatapointMapping[]; scale?: string; mapping: { datapoints: DatapointMapping[]; missing?: FileValue[] } } {
  const missing = [...v.missing.values];
  const labelled = v.valueLabels.filter((l) => !isUserMissing(v, l.value));
  const aliases = answerLabelAliases(labelled.map((l) => l.label));
  let datapoints: DatapointMapping[] = labelled.map((l, i) => ({
    value: l.value,
    code: defaultCode(l.label, l.value, i, labelled),
    name: l.label,
    ...(aliases[i].length > 0 ? { aliases: aliases[i] } : {}),
  }));
  const scale = endLabelledScale(v, labelled, stats?.get(v.name));
  if (scale) {
    datapoints = [];
    for (let x = scale.low; x <= scale.high; x++) {
      const label = labelOf(v, x);
      datapoints.push({ value: x, code: `${x < 0 ? 'minus_' : ''}${Math.abs(x)}`, name: label ? `${x} (${label})` : String(x), midpoint: x });
    }
  }
  const mapping = { datapoints, ...(missing.length > 0 ? { missing } : {}) };
  return { datapoints, ...(scale ? { scale: `${scale.low} to ${scale.high}` } : {}), mapping };
}

/**
 * A numeric scale whose labels name only some of its points (1 "Not at all likely" and 10
 * "Extremely likely"): integer labels with gaps between them, no more than 101 points, and the
 * data holding unlabelled values inside the range (or, without data, an ordinal or scale level).
 */
function endLabelledScale(
  v: SurveyVariable,
  labelled: { value: FileValue }[],
  counts: ReadonlyMap<number, number> | undefined,
): { low: number; high: number } | undefined {
  if (v.type !== 'numeric' || labelled.length < 2) return undefined;
  const values = labelled.map((l) => l.value as number);
  if (!values.every(Number.isInteger)) return undefined;
  const [low, high] = [Math.min(...values), Math.max(...values)];
  if (high - low + 1 > 101 || high - low + 1 === values.length) return undefined;
  const labels = new Set(values);
  const unlabelledInRange = counts
    ? [...counts.keys()].some((x) => x > low && x < high && !labels.has(x) && !isUserMissing(v, x))
    : v.measure === 'ordinal' || v.measure === 'scale';
  return unlabelledInRange ? { low, high } : undefined;
}

/** A question name from a label: whole when short, else cut at a word with the whole label as the description. */
function named(label: string, fallback: string): { name: string; description?: string; aliases?: string[] } {
  const { name, cut } = shortLabel(label);
  const aliases = questionLabelAliases(label);
  return { name: name || fallback, ...(cut ? { description: label.trim() } : {}), ...(aliases.length > 0 ? { aliases } : {}) };
}

function draftWave(v: SurveyVariable, notes: string[]): SurveyMapping['wave'] {
  if (v.valueLabels.length === 0) {
    notes.push(`wave ${v.name}: no value labels; the draft reads the values as quarters ("Q1 2025", "2025 Q1")`);
    return { variable: v.name, rule: 'quarter' };
  }
  return {
    variable: v.name,
    values: v.valueLabels.map((l, i) => {
      const dates = readWaveDates(l.label);
      if (!dates) {
        notes.push(`wave ${JSON.stringify(l.label)}: its label gives no dates; give its start_date and end_date (the import refuses a wave without)`);
        return { value: l.value, code: slug(l.label) || `wave_${i + 1}`, name: l.label };
      }
      return { value: l.value, code: quarterCode(dates) ?? (slug(l.label) || `wave_${i + 1}`), name: l.label, ...dates };
    }),
  };
}

/**
 * Locations as the catalogue's market codes (ISO 3166-1 alpha-2, lower case) from ISO numeric or
 * alpha codes and country names in the main languages; a value naming no country keeps a code made
 * from its label, with a note.
 */
function draftLocation(v: SurveyVariable, counts: ReadonlyMap<number, number> | undefined, notes: string[]): SurveyMapping['location'] {
  if (v.valueLabels.length === 0 && !counts?.size) return { variable: v.name, rule: 'code' };
  const values: FileValue[] = v.valueLabels.length > 0 ? v.valueLabels.map((l) => l.value) : [...(counts?.keys() ?? [])].sort((a, b) => a - b);
  const numericIsIso = allIsoNumeric(values);
  const codes = new Set<string>();
  return {
    variable: v.name,
    values: values.map((value, i, all) => {
      const label = labelOf(v, value);
      const country = countryOf(value, label, numericIsIso);
      let code = country?.code;
      if (!country) {
        code =
          typeof value === 'string' && slug(value) !== ''
            ? slug(value)
            : defaultCode(
                label ?? String(value),
                value,
                i,
                all.map((x) => ({ value: x, label: labelOf(v, x) ?? String(x) })),
              );
        notes.push(`location ${JSON.stringify(label ?? value)}: not a country the draft knows; its code ${code} is made from the label: check it`);
      } else if (country.disagrees) {
        notes.push(
          `location ${JSON.stringify(value)} ${JSON.stringify(label)}: the code and the label name different countries; the label's (${country.code}) was taken`,
        );
      }
      if (codes.has(code as string)) notes.push(`location code ${code} is given to two values: merge or rename them`);
      codes.add(code as string);
      return { value, code: code as string, name: country?.name ?? label ?? String(value) };
    }),
  };
}

/** Options or rows with the aliases their names give (answerLabelAliases). */
function withLabelAliases<T extends { name: string }>(items: T[]): (T & { aliases?: string[] })[] {
  const aliases = answerLabelAliases(items.map((i) => i.name));
  return items.map((item, i) => (aliases[i].length > 0 ? { ...item, aliases: aliases[i] } : item));
}

function multiOf(code: string, members: SurveyVariable[], label: string, selected: FileValue): QuestionMapping {
  const prefix = commonLabelPrefix(members.map((v) => v.label));
  return {
    kind: 'multi',
    code,
    ...named(label || prefix.replace(/[\s:\-–]+$/, '') || code, code),
    ...(valueKey(selected) !== '1' ? { selected } : {}),
    options: withLabelAliases(
      members.map((v) => {
        const name = v.label.slice(prefix.length).trim() || v.name;
        return { variable: v.name, code: slug(name) || slug(v.name), name };
      }),
    ),
  };
}

function gridOf(code: string, fallback: string, members: SurveyVariable[]): QuestionMapping {
  const labels = members.map((v) => v.label);
  const prefix = commonLabelPrefix(labels);
  const missing = [...members[0].missing.values];
  return {
    kind: 'grid',
    code,
    ...named(prefix.replace(/[\s:\-–]+$/, '') || fallback, fallback),
    rows: withLabelAliases(
      members.map((v, i) => ({
        variable: v.name,
        code: slug(labels[i].slice(prefix.length)) || slug(v.name),
        name: labels[i].slice(prefix.length).trim() || v.name,
      })),
    ),
    scale: members[0].valueLabels.filter((l) => !isUserMissing(members[0], l.value)).map((l) => ({ value: l.value, name: l.label })),
    ...(missing.length > 0 ? { missing } : {}),
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

/** "q: NPS", "social.facebook: Meta, Facebook": the aliases a draft proposed, for its notes. */
function aliasNotes(questions: QuestionMapping[]): string[] {
  const out: string[] = [];
  for (const q of questions) {
    if (q.aliases) out.push(`${q.code}: ${q.aliases.join(', ')}`);
    const answers: { code: string; aliases?: string[] }[] =
      q.kind === 'single' || q.kind === 'category_set' ? (q.datapoints ?? []) : q.kind === 'multi' ? q.options : q.kind === 'grid' ? q.rows : q.bands;
    for (const a of answers) if (a.aliases) out.push(`${q.code}.${a.code}: ${a.aliases.join(', ')}`);
  }
  return out;
}
