import { Injectable } from '@nestjs/common';
import { CatalogueAccess, CatalogueView, OrganisationCatalogue } from '@aas/contracts';
import { StoreVersion } from '@aas/respondent-store-data';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueSnapshot, Entitlements } from './catalogue-snapshot';

const ENTITLEMENT_TTL_MS = 10_000;

/**
 * The catalogue in memory, rebuilt when the process's data-version signal moves (a seed or an
 * import), and each organisation's entitlements (cached 10 s). Implements CatalogueAccess for the
 * other domains.
 */
@Injectable()
export class CatalogueService extends CatalogueAccess {
  /** The snapshot of one data version, loaded or loading: callers that ask at once share one load. */
  private snapshot?: { version: string; value: Promise<CatalogueSnapshot> };
  private readonly entitlementCache = new Map<string, { at: number; value: Promise<Entitlements> }>();

  constructor(
    private readonly repository: CatalogueRepository,
    private readonly dataVersion: StoreVersion,
  ) {
    super();
  }

  async current(): Promise<CatalogueSnapshot> {
    const version = await this.dataVersion.current();
    if (this.snapshot?.version === version) return this.snapshot.value;
    const entry = { version, value: this.repository.loadSnapshot(version) };
    this.snapshot = entry;
    // A failed load is forgotten, so the next call tries again.
    entry.value.catch(() => this.snapshot === entry && (this.snapshot = undefined));
    this.entitlementCache.clear();
    return entry.value;
  }

  async entitlements(orgId: string): Promise<Entitlements> {
    const hit = this.entitlementCache.get(orgId);
    if (hit && Date.now() - hit.at < ENTITLEMENT_TTL_MS) return hit.value;
    const value = this.repository.entitlements(orgId);
    if (this.entitlementCache.size > 10_000) this.entitlementCache.clear();
    this.entitlementCache.set(orgId, { at: Date.now(), value });
    value.catch(() => this.entitlementCache.delete(orgId));
    return value;
  }

  /** The catalogue at the current data version, as other domains list it. */
  async view(): Promise<CatalogueView> {
    return (await this.current()).view;
  }

  async forOrganisation(orgId: string): Promise<OrganisationCatalogue> {
    // The snapshot first: when the data version moved, it drops the entitlements cached before.
    const snapshot = await this.current();
    return snapshot.viewFor(orgId, await this.entitlements(orgId));
  }
}
