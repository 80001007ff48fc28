import type { Attribute, PartitionKey } from '@aas/respondent-store-domain';
import { type Category, type Dataset, type LocationWavePopulation, type Question } from '@aas/shared-contracts';
import type { MappedWave } from './survey-mapping';
import { IssueCollector, type ImportIssue } from './import-issues';
import { buildPartition, IdRegistry, SpillWriter, type BuiltPartition } from './import-partitions';
import { MemorySpillStore, type SpillStore } from './spill-store';
import { valueKey, type SurveyFile, type SurveyValue } from './survey-file.types';
import { compileMapping, isNoAnswer, type CompiledMapping, type ImportedLocation } from './survey-mapping';
import type { SurveyMapping } from './survey-mapping.types';
import { VariableTally, type VariableReport, type VariableUse } from './variable-report';

export type { BuiltPartition } from './import-partitions';

export interface ImportProgress {
  phase: 'read' | 'build';
  rowsRead: number;
  partitionsBuilt: number;
  partitionsTotal: number;
}

export interface ImportOptions {
  /** Where pass 1 parks each partition's respondents (default: memory; use createFileSpillStore for big files). */
  spill?: SpillStore;
  /** Rows listed per issue (default 10). */
  maxListedRows?: number;
  /** Id of the first respondent of the first partition (default 1); ids run on, partition after partition. */
  firstRespondentId?: number;
  /** Deflate the partitions' attribute sections (see the catalogue domain's README). */
  compress?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  /** Rows between two 'read' progress reports (default 10,000). */
  progressEvery?: number;
}

/** The catalogue rows a mapping defines, as plain data for the writer. */
export interface ImportedCatalogue {
  dataset: Dataset;
  categories: Category[];
  questions: Question[];
  waves: MappedWave[];
  locations: ImportedLocation[];
  populations: LocationWavePopulation[];
  /** The dataset's attribute list (ids are positions) and its hash, as the blobs carry it. */
  dictionary: { dataset: string; hash: number; attributes: readonly Attribute[] };
}

export interface PartitionSummary {
  key: PartitionKey;
  respondents: number;
  weightSum: number;
  /** Distinct weights = weight classes (known once the partition is built). */
  weightClasses?: number;
  bytes?: number;
}

export interface ImportReport {
  /** No error: the partitions can be built and written. */
  ok: boolean;
  issues: ImportIssue[];
  /** Variables the mapping neither uses nor ignores (also listed as warnings). */
  unmapped: string[];
  /** Every variable of the file: what it became, what of it was kept and what was left out and why, with counts. */
  variables: VariableReport[];
  rowsRead: number;
  respondents: number;
  partitions: PartitionSummary[];
}

export interface PreparedImport {
  report: ImportReport;
  /** Null when the mapping itself is invalid. */
  catalogue: ImportedCatalogue | null;
  /** Builds and encodes the partitions one at a time (throws when the report has errors). */
  partitions(): AsyncGenerator<BuiltPartition>;
  /** Frees the spilled rows. */
  dispose(): Promise<void>;
}

/**
 * Pass 1 of an import: checks the mapping against the file, streams every row once, checks it
 * (ids, weights, waves, locations, values) and parks it, compacted, in its partition's spill.
 * Nothing is built when there is an error; the report lists every problem with its first rows.
 * Pass 2 is `partitions()`: one partition at a time is read back, ordered into weight classes
 * and encoded, so memory is bounded by the largest partition, not the file.
 */
export async function prepareImport(file: SurveyFile, mapping: SurveyMapping, options: ImportOptions = {}): Promise<PreparedImport> {
  const spill = options.spill ?? new MemorySpillStore();
  const issues = new IssueCollector(options.maxListedRows ?? 10);
  const { compiled, issues: mappingIssues } = compileMapping(mapping, file.metadata);
  if (!compiled) {
    const report: ImportReport = { ok: false, issues: mappingIssues, unmapped: [], variables: [], rowsRead: 0, respondents: 0, partitions: [] };
    return { report, catalogue: null, partitions: refuse, dispose: () => spill.dispose() };
  }
  const c = compiled;
  const progressEvery = options.progressEvery ?? 10_000;
  const partitionIndex = new Map<string, number>();
  const partitions: SpilledPartition[] = [];
  const ids = new IdRegistry();
  const tally = new VariableTally(file.metadata, variableUses(c));
  const answers = new AnswerReader(c, tally, issues);
  let rowsRead = 0;
  let respondents = 0;
  let failed = false;

  for await (const row of file.rows()) {
    rowsRead++;
    tally.row(row.values);
    const checked = checkRow(c, row.values, row.rowNumber, issues, ids);
    const { attributes, askedWithoutAnswer } = answers.read(row.values, row.rowNumber);
    if (checked === null) failed = true;
    if (!failed && checked !== null) {
      const key = `${checked.wave.code}\u0000${checked.location.code}`;
      let p = partitionIndex.get(key);
      if (p === undefined) {
        p = partitions.length;
        partitionIndex.set(key, p);
        const partitionKey = { dataset: c.dataset.code, wave: checked.wave.code, location: checked.location.code };
        partitions.push({ key: partitionKey, respondents: 0, weightSum: 0, writer: new SpillWriter(spill, p) });
      }
      const part = partitions[p];
      part.respondents++;
      part.weightSum += checked.weight;
      respondents++;
      await part.writer.record(row.rowNumber, checked.weight, checked.id, attributes, askedWithoutAnswer);
    }
    if (rowsRead % progressEvery === 0) options.onProgress?.({ phase: 'read', rowsRead, partitionsBuilt: 0, partitionsTotal: partitions.length });
  }
  for (const p of partitions) await p.writer.flush();
  options.onProgress?.({ phase: 'read', rowsRead, partitionsBuilt: 0, partitionsTotal: partitions.length });

  for (const d of ids.duplicates()) issues.add('error', 'duplicate-id', c.respondentId.name, 'respondent ids that occur more than once', d.row, d.id);
  c.rules.forEach((rule, k) => {
    if (!answers.everAnswered(k)) issues.add('warning', 'empty-variable', rule.variable.name, `nobody answered ${rule.variable.name}`);
  });
  for (const name of c.unmapped) issues.add('warning', 'unmapped-variable', name, `variable ${name} is not mapped (add it to a question or to "ignore")`);
  if (rowsRead === 0) issues.add('error', 'no-respondents', null, 'the file has no rows');

  const ok = !issues.hasErrors;
  const order = partitionOrder(c, partitions);
  const summaries: PartitionSummary[] = order.map((i) => ({
    key: partitions[i].key,
    respondents: partitions[i].respondents,
    weightSum: partitions[i].weightSum,
  }));
  const report: ImportReport = {
    ok,
    issues: [...mappingIssues, ...issues.issues],
    unmapped: c.unmapped,
    variables: tally.report(file.metadata),
    rowsRead,
    respondents: ok ? respondents : 0,
    partitions: ok ? summaries : [],
  };
  const questionCodes = c.questions.map((q) => q.code);
  let built = false;
  return {
    report,
    catalogue: catalogueOf(c, summaries),
    partitions: ok
      ? async function* () {
          if (built) throw new Error('the partitions of an import are built once');
          built = true;
          let nextId = options.firstRespondentId ?? 1;
          for (const [n, i] of order.entries()) {
            const part = buildPartition(partitions[i].key, await spill.read(i), nextId, c.dictionary, questionCodes, options.compress ?? false);
            nextId += part.respondentCount;
            summaries[n].weightClasses = part.weightClasses;
            summaries[n].bytes = part.blob.length;
            options.onProgress?.({ phase: 'build', rowsRead, partitionsBuilt: n + 1, partitionsTotal: order.length });
            yield part;
          }
        }
      : refuse,
    dispose: () => spill.dispose(),
  };
}

interface SpilledPartition {
  key: PartitionKey;
  respondents: number;
  weightSum: number;
  writer: SpillWriter;
}

/** Partitions in a stable order: wave order, then location code. */
function partitionOrder(c: CompiledMapping, partitions: readonly SpilledPartition[]): number[] {
  const waveOrder = new Map(c.waves().map((w) => [w.code, w.order]));
  return partitions
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (waveOrder.get(partitions[a].key.wave) ?? 0) - (waveOrder.get(partitions[b].key.wave) ?? 0) ||
        cmp(partitions[a].key.location, partitions[b].key.location),
    );
}

/** What each variable of the file is to the mapping, for the report. */
function variableUses(c: CompiledMapping): Map<string, { use: VariableUse; question?: string }> {
  const uses = new Map<string, { use: VariableUse; question?: string }>();
  for (const name of c.ignored) uses.set(name, { use: 'ignored' });
  for (const rule of c.rules) uses.set(rule.variable.name, { use: 'question', question: rule.question });
  uses.set(c.respondentId.name, { use: 'respondent-id' });
  uses.set(c.weight.name, { use: 'weight' });
  uses.set(c.wave.name, { use: 'wave' });
  uses.set(c.location.name, { use: 'location' });
  return uses;
}

/** The respondent's id, weight, wave and location, checked; null when any is wrong (each problem reported). */
function checkRow(
  c: CompiledMapping,
  values: readonly SurveyValue[],
  r: number,
  issues: IssueCollector,
  ids: IdRegistry,
): { id: number | string; weight: number; wave: MappedWave; location: ImportedLocation } | null {
  let ok = true;
  const id = values[c.respondentId.index];
  if (id === null) {
    issues.add('error', 'missing-id', c.respondentId.name, 'respondents without an id', r);
    ok = false;
  } else {
    ids.add(id, r);
  }
  const weight = values[c.weight.index];
  if (weight === null || typeof weight !== 'number' || Number.isNaN(weight)) {
    issues.add('error', 'missing-weight', c.weight.name, 'respondents without a (numeric) weight', r, weight ?? undefined);
    ok = false;
  } else if (!(weight > 0) || !Number.isFinite(weight)) {
    issues.add('error', 'non-positive-weight', c.weight.name, 'respondents whose weight is not positive', r, weight);
    ok = false;
  }
  const waveValue = values[c.wave.index];
  const wave = c.waveOf(waveValue);
  if (!wave) {
    issues.add('error', 'unknown-wave', c.wave.name, 'wave values the mapping has no wave for', r, waveValue ?? '(empty)');
    ok = false;
  }
  const locationValue = values[c.location.index];
  const location = c.locationOf(locationValue);
  if (!location) {
    issues.add('error', 'unknown-location', c.location.name, 'location values the mapping has no location for', r, locationValue ?? '(empty)');
    ok = false;
  }
  return ok && id !== null && typeof weight === 'number' && wave && location ? { id, weight, wave, location } : null;
}

/**
 * A row's answers: the attribute ids its values give, and the questions it was asked without an
 * answer the store keeps. A question was asked when any of its variables is not system-missing
 * (for a yes/no or category set: not all of them; a user-missing value, "not selected" and a value
 * left out were all asked).
 */
class AnswerReader {
  private readonly ruleQuestion: Int32Array;
  private readonly asked: Uint8Array;
  private readonly answered: Uint8Array;
  private readonly ruleAnswered: Uint8Array;
  private readonly attributes: number[] = [];
  private readonly askedWithoutAnswer: number[] = [];

  constructor(
    private readonly c: CompiledMapping,
    private readonly tally: VariableTally,
    private readonly issues: IssueCollector,
  ) {
    const index = new Map(c.questions.map((q, i) => [q.code, i]));
    this.ruleQuestion = Int32Array.from(c.rules.map((r) => index.get(r.question) as number));
    this.asked = new Uint8Array(c.questions.length);
    this.answered = new Uint8Array(c.questions.length);
    this.ruleAnswered = new Uint8Array(c.rules.length);
  }

  read(values: readonly SurveyValue[], r: number): { attributes: number[]; askedWithoutAnswer: number[] } {
    this.attributes.length = 0;
    this.askedWithoutAnswer.length = 0;
    this.asked.fill(0);
    this.answered.fill(0);
    for (let k = 0; k < this.c.rules.length; k++) {
      const rule = this.c.rules[k];
      const value = values[rule.variable.index];
      if (value === null) continue;
      const q = this.ruleQuestion[k];
      this.asked[q] = 1;
      if (isNoAnswer(rule, value)) {
        this.tally.outcome(rule.variable, 'missing', value);
        continue;
      }
      this.ruleAnswered[k] = 1;
      const attribute = attributeOf(rule, value);
      if (attribute === undefined) {
        this.tally.outcome(rule.variable, 'left-out', value);
        this.issues.add(
          'warning',
          'value-without-label',
          rule.variable.name,
          'values the mapping has no datapoint, scale point or band for (left out)',
          r,
          value,
        );
      } else if (attribute < 0) {
        this.tally.outcome(rule.variable, 'not-selected', value);
      } else {
        this.tally.outcome(rule.variable, 'answered', value);
        this.answered[q] = 1;
        this.attributes.push(attribute);
      }
    }
    for (let q = 0; q < this.asked.length; q++) if (this.asked[q] === 1 && this.answered[q] === 0) this.askedWithoutAnswer.push(q);
    return { attributes: this.attributes, askedWithoutAnswer: this.askedWithoutAnswer };
  }

  /** Whether any row gave rule k a value that is an answer or a known non-answer. */
  everAnswered(k: number): boolean {
    return this.ruleAnswered[k] === 1;
  }
}

function refuse(): AsyncGenerator<BuiltPartition> {
  const error = new Error('the import has errors (see its report): no partition is built');
  return (async function* () {
    yield* [];
    throw error;
  })();
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function attributeOf(rule: CompiledMapping['rules'][number], value: number | string): number | undefined {
  if (rule.kind === 'lookup') return rule.map.get(valueKey(value));
  const x = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(x)) return undefined;
  for (const b of rule.bands) if (x >= b.min && x < b.max) return b.attribute;
  return undefined;
}

function catalogueOf(c: CompiledMapping, summaries: PartitionSummary[]): ImportedCatalogue {
  const populations: LocationWavePopulation[] = c.populations
    ? c.populations.map((p) => ({ location_code: p.location, wave_code: p.wave, population: p.population }))
    : summaries.map((s) => ({ location_code: s.key.location, wave_code: s.key.wave, population: s.weightSum }));
  return {
    dataset: c.dataset,
    categories: c.categories,
    questions: c.questions,
    waves: c.waves(),
    locations: c.locations(),
    populations,
    dictionary: { dataset: c.dictionary.dataset, hash: c.dictionary.hash, attributes: c.dictionary.attributes },
  };
}
