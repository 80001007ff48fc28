import { Injectable } from '@nestjs/common';
import { CatalogueAccess, CatalogueView, OrganisationCatalogue } from '@aas/shared-contracts';
import { StoreVersion } from '@aas/respondent-store-data-access';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueSnapshot, Entitlements } from './catalogue-snapshot';

/**
 * The catalogue in memory, rebuilt when the process's data-version signal moves (a seed or an
 * import), and each organisation's entitlements, kept while their version stands. Implements
 * CatalogueAccess for the other domains.
 *
 * Entitlements: every call reads the organisation's entitlement version (one primary-key read;
 * the version moves in the transaction of any change, see EntitlementVersions1764300000000) and
 * reloads them only when it moved. So a grant or a revocation, whoever made it and through
 * whichever process, holds from the next request on, and a request costs one small read instead
 * of the three of a load.
 */
@Injectable()
export class CatalogueService extends CatalogueAccess {
  /** The snapshot of one data version, loaded or loading: callers that ask at once share one load. */
  private snapshot?: { version: string; value: Promise<CatalogueSnapshot> };
  /** Per organisation: its entitlements as loaded (or loading), with the version they were read at. */
  private readonly entitlementCache = new Map<string, { version: string; value: Promise<Entitlements> }>();

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
    const version = await this.repository.entitlementVersion(orgId);
    const hit = this.entitlementCache.get(orgId);
    if (hit && hit.version === version) return hit.value;
    // The load reads the entitlements with their version in one snapshot: the entry takes that
    // version once loaded, which is the one just read or (after a change in between) a later one.
    const loading = this.repository.entitlements(orgId);
    const entry = { version, value: loading.then((l) => l.value) };
    loading.then(
      (l) => this.entitlementCache.get(orgId) === entry && (entry.version = l.version),
      () => this.entitlementCache.get(orgId) === entry && this.entitlementCache.delete(orgId),
    );
    if (this.entitlementCache.size > 10_000) this.entitlementCache.clear();
    this.entitlementCache.set(orgId, entry);
    return entry.value;
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
