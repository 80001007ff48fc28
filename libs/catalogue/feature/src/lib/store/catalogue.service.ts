import { Injectable } from '@nestjs/common';
import { CatalogueAccess, OrganisationCatalogue } from '@aas/contracts';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueSnapshot, Entitlements } from './catalogue-snapshot';

const VERSION_CHECK_MS = 5_000;
const ENTITLEMENT_TTL_MS = 10_000;

/**
 * The catalogue in memory, refreshed when a seed or import moves the data version
 * (checked at most every 5 s), and each organisation's entitlements (cached 10 s).
 * Implements CatalogueAccess for the other domains.
 */
@Injectable()
export class CatalogueService extends CatalogueAccess {
  private snapshot?: Promise<CatalogueSnapshot>;
  private checkedAt = 0;
  private readonly entitlementCache = new Map<string, { at: number; value: Promise<Entitlements> }>();

  constructor(private readonly repository: CatalogueRepository) {
    super();
  }

  async current(): Promise<CatalogueSnapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.checkedAt < VERSION_CHECK_MS) return this.snapshot;
    this.checkedAt = now;
    const version = await this.repository.dataVersion();
    const existing = this.snapshot ? await this.snapshot.catch(() => undefined) : undefined;
    if (existing && existing.version === version) return existing;
    this.snapshot = this.repository.loadSnapshot();
    this.snapshot.catch(() => (this.snapshot = undefined));
    this.entitlementCache.clear();
    return this.snapshot;
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

  async forOrganisation(orgId: string): Promise<OrganisationCatalogue> {
    const [snapshot, entitlements] = await Promise.all([this.current(), this.entitlements(orgId)]);
    return snapshot.viewFor(orgId, entitlements);
  }
}
