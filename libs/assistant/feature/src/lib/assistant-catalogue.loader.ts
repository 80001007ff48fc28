import { Injectable } from '@nestjs/common';
import { AudienceDirectory, CatalogueAccess, CatalogueView, OrganisationCatalogue } from '@aas/shared-contracts';
import { averageByOf, PlannerCatalogue } from '@aas/assistant-domain';
import { PartitionReader } from '@aas/respondent-store-data-access';

/**
 * The catalogue as the planner sees it for one organisation: every question, market, wave and
 * dataset (so it can tell "unknown" from "not licensed"), the organisation's entitlements, and
 * the saved audiences it may read (curated ones and its own).
 */
@Injectable()
export class AssistantCatalogueLoader {
  /** Where each dataset has respondents, per catalogue view (one data version). */
  private readonly coverage = new WeakMap<CatalogueView, Promise<{ dataset: string; locations: string[]; waves: string[] }[]>>();
  /**
   * The last catalogue built per organisation, kept while nothing it was built from changed: the
   * planner prepares (and caches) an index of each catalogue object, so reusing the object keeps
   * a chat turn from rebuilding it.
   */
  private readonly built = new Map<string, { key: string; planner: PlannerCatalogue }>();

  constructor(
    private readonly access: CatalogueAccess,
    private readonly audienceDirectory: AudienceDirectory,
    private readonly store: PartitionReader,
  ) {}

  async load(orgId: string): Promise<{ planner: PlannerCatalogue; organisation: OrganisationCatalogue }> {
    const [view, organisation, audiences] = await Promise.all([this.access.view(), this.access.forOrganisation(orgId), this.audienceDirectory.readable(orgId)]);
    const fielded = await this.coverageOf(view);
    const key = [
      view.version,
      organisation.entitledDatasets.join(),
      organisation.entitledLocations.map((l) => l.code).join(),
      organisation.entitledWaves.map((w) => w.code).join(),
      audiences.map((a) => `${a.id}:${a.name}:${JSON.stringify(a.expression)}`).join('|'),
    ].join('/');
    const cached = this.built.get(orgId);
    if (cached && cached.key === key) return { planner: cached.planner, organisation };
    const planner: PlannerCatalogue = {
      questions: view.questions.map((q) => {
        const info = organisation.findQuestion(q.code);
        const datasetCode = info?.datasetCode ?? '';
        return {
          code: q.code,
          name: q.name,
          description: q.description,
          datasetCode,
          datasetCodes: [...(info?.datasetCodes ?? [datasetCode])],
          entitled: organisation.isDatasetEntitled(datasetCode),
          datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name, ...(d.aliases ? { aliases: [...d.aliases] } : {}) })),
          suffixes: q.suffixes.map((s) => ({ code: s.code, name: s.name })),
          averageBy: info ? averageByOf(info.kind, info.datapoints, info.suffixes) : undefined,
          ...(q.aliases && q.aliases.length > 0 ? { aliases: [...q.aliases] } : {}),
        };
      }),
      audiences: audiences.map((a) => ({ ...a })),
      locations: view.locations.map((l) => ({ code: l.code, name: l.name, entitled: organisation.isLocationEntitled(l.code) })),
      waves: view.waves.map((w) => ({
        code: w.code,
        name: w.name,
        startDate: w.start_date,
        endDate: w.end_date,
        entitled: organisation.isWaveEntitled(w.code),
      })),
      datasets: view.datasets.map((d) => {
        const where = fielded.find((f) => f.dataset === d.code);
        return {
          code: d.code,
          name: d.name,
          entitled: organisation.isDatasetEntitled(d.code),
          fielded: { locations: where?.locations ?? [], waves: where?.waves ?? [] },
        };
      }),
    };
    this.built.set(orgId, { key, planner });
    return { planner, organisation };
  }

  private coverageOf(view: CatalogueView): Promise<{ dataset: string; locations: string[]; waves: string[] }[]> {
    let pending = this.coverage.get(view);
    if (!pending) {
      pending = this.store.coverage(view.version);
      pending.catch(() => this.coverage.delete(view));
      this.coverage.set(view, pending);
    }
    return pending;
  }
}
