import { Category, Dataset, Datapoint, Location, Question, Suffix, Wave } from '@aas/shared-contracts';
import { CatalogueAnswer, CatalogueCodeName, CatalogueQuestionInfo, CatalogueView, OrganisationCatalogue, WaveInfo } from '@aas/shared-contracts';

/** Row shapes of the catalogue tables: the domain's types, as the seed wrote them. */
export type DatasetRow = Dataset;
export type CategoryRow = Category;
export type CodeRow = Datapoint | Suffix;
export type QuestionRow = Omit<Question, 'attribute_count'>;
export type LocationRow = Pick<Location, 'code' | 'name' | 'region'>;
export type WaveRow = Omit<Wave, 'order'>;

export interface Entitlements {
  datasets: ReadonlySet<string>;
  locations: ReadonlySet<string>;
  waves: ReadonlySet<string>;
}

/** The whole catalogue in memory (a few hundred rows), with the indexes the endpoints need. */
export class CatalogueSnapshot {
  readonly datasetByCode: Map<string, DatasetRow>;
  readonly categoryById: Map<number, CategoryRow>;
  readonly childrenOf = new Map<number | null, CategoryRow[]>();
  readonly questionByCode: Map<string, QuestionRow>;
  readonly questionsByCategory = new Map<number, QuestionRow[]>();
  readonly locationByCode: Map<string, LocationRow>;
  readonly waveByCode: Map<string, WaveRow>;
  /** Oldest first, by end date. */
  readonly wavesByEnd: WaveRow[];
  /** The same rows as other domains read them (CatalogueAccess.view). */
  readonly view: CatalogueView;

  constructor(
    readonly version: string,
    readonly datasets: DatasetRow[],
    readonly categories: CategoryRow[],
    readonly questions: QuestionRow[],
    readonly locations: LocationRow[],
    waves: WaveRow[],
  ) {
    this.datasetByCode = new Map(datasets.map((d) => [d.code, d]));
    this.categoryById = new Map(categories.map((c) => [c.id, c]));
    for (const c of [...categories].sort(byOrder)) {
      const list = this.childrenOf.get(c.parent_id) ?? [];
      list.push(c);
      this.childrenOf.set(c.parent_id, list);
    }
    this.questionByCode = new Map(questions.map((q) => [q.code, q]));
    for (const q of [...questions].sort(byOrder)) {
      for (const id of q.category_ids) {
        const list = this.questionsByCategory.get(id) ?? [];
        list.push(q);
        this.questionsByCategory.set(id, list);
      }
    }
    this.locationByCode = new Map(locations.map((l) => [l.code, l]));
    this.wavesByEnd = [...waves].sort((a, b) => a.end_date.localeCompare(b.end_date) || a.code.localeCompare(b.code));
    this.waveByCode = new Map(waves.map((w) => [w.code, w]));
    this.view = { version, datasets, categories, questions, locations, waves: this.wavesByEnd };
  }

  /** A question by `<namespace>.<code>` or by its (catalogue-wide unique) code. */
  findQuestion(code: string, namespaceCode?: string): QuestionRow | undefined {
    const q = this.questionByCode.get(code);
    if (!q) return undefined;
    return namespaceCode === undefined || q.namespace_code === namespaceCode ? q : undefined;
  }

  /** The dataset a question is licensed through: the one whose namespace it lives in. */
  datasetOfQuestion(q: QuestionRow): string {
    const own = this.datasets.find((d) => d.base_namespace_code === q.namespace_code);
    return own?.code ?? q.dataset_codes[0];
  }

  /** Root first, the category itself last. */
  lineage(id: number): CategoryRow[] {
    const out: CategoryRow[] = [];
    let current = this.categoryById.get(id);
    const seen = new Set<number>();
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      out.unshift(current);
      current = current.parent_id === null ? undefined : this.categoryById.get(current.parent_id);
    }
    return out;
  }

  /** The category and every category below it. */
  subtree(id: number): CategoryRow[] {
    const out: CategoryRow[] = [];
    const stack = [id];
    while (stack.length > 0) {
      const current = this.categoryById.get(stack.pop() as number);
      if (!current) continue;
      out.push(current);
      for (const child of this.childrenOf.get(current.id) ?? []) stack.push(child.id);
    }
    return out;
  }

  /** Distinct questions in the category's subtree, in catalogue order. */
  questionsUnder(id: number): QuestionRow[] {
    const seen = new Set<string>();
    const out: QuestionRow[] = [];
    for (const c of this.subtree(id)) {
      for (const q of this.questionsByCategory.get(c.id) ?? []) {
        if (!seen.has(q.code)) {
          seen.add(q.code);
          out.push(q);
        }
      }
    }
    return out.sort(byOrder);
  }

  /** The catalogue as one organisation sees it (the CatalogueAccess contract). */
  viewFor(orgId: string, entitlements: Entitlements): OrganisationCatalogue {
    const info = (q: QuestionRow): CatalogueQuestionInfo => ({
      code: q.code,
      namespaceCode: q.namespace_code,
      name: q.name,
      description: q.description,
      datasetCode: this.datasetOfQuestion(q),
      datasetCodes: q.dataset_codes,
      datapoints: q.datapoints.map(answerOf),
      suffixes: q.suffixes.map(answerOf),
      kind: q.kind,
    });
    const waves: WaveInfo[] = this.wavesByEnd
      .filter((w) => entitlements.waves.has(w.code))
      .map((w) => ({ code: w.code, name: w.name, startDate: w.start_date, endDate: w.end_date }));
    return {
      orgId,
      findQuestion: (code, namespaceCode) => {
        const q = this.findQuestion(code, namespaceCode);
        return q ? info(q) : undefined;
      },
      isDatasetEntitled: (code) => entitlements.datasets.has(code),
      isLocationEntitled: (code) => entitlements.locations.has(code),
      isWaveEntitled: (code) => entitlements.waves.has(code),
      locationExists: (code) => this.locationByCode.has(code),
      waveExists: (code) => this.waveByCode.has(code),
      datasetExists: (code) => this.datasetByCode.has(code),
      entitledDatasets: this.datasets.filter((d) => entitlements.datasets.has(d.code)).map((d) => d.code),
      entitledLocations: this.locations.filter((l) => entitlements.locations.has(l.code)).map(codeName),
      entitledWaves: waves,
    };
  }
}

function answerOf(x: { code: string; name: string; midpoint: number | null }): CatalogueAnswer {
  return { code: x.code, name: x.name, midpoint: x.midpoint };
}

function codeName(x: { code: string; name: string }): CatalogueCodeName {
  return { code: x.code, name: x.name };
}

function byOrder(a: { order: number; code?: string; id?: number }, b: { order: number; code?: string; id?: number }): number {
  return a.order - b.order || String(a.code ?? a.id).localeCompare(String(b.code ?? b.id));
}
