import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ENTITLEMENT_KINDS,
  grantEntitlements,
  readEntitlements,
  revokeEntitlements,
  UnknownCatalogueCodes,
  type EntitlementCodes,
  type OrganisationEntitlements,
} from '@aas/catalogue-data-access';
import { createOrganisation, findOrganisation, listOrganisations, ProblemException, type OrganisationRecord, type Queryable } from '@aas/shared-infra';
import { checkThenWrite, type WriteTransaction } from '@aas/shared-infra/database';
import { DEFAULT_PAGE_LIMIT } from '@aas/shared-infra/http';
import type {
  CreateOrganisationRequest,
  EntitlementChangeRequest,
  EntitlementChangeResponse,
  ListOrganisationsQuery,
  OrganisationListResponse,
  OrganisationResponse,
} from './dto/organisation.dto';

const NO_ENTITLEMENTS: OrganisationEntitlements = { datasets: [], locations: [], waves: [] };

/** A write transaction as the table owners' writers take it. */
const queryable = (tx: WriteTransaction): Queryable => ({ query: (sql, parameters) => tx.rows(sql, parameters) });

function present(org: OrganisationRecord, entitlements: OrganisationEntitlements | undefined): OrganisationResponse {
  return { id: org.id, name: org.name, created_at: org.created_at, entitlements: { ...(entitlements ?? NO_ENTITLEMENTS) } };
}

/**
 * Organisations and their entitlements, for administrators: the admin endpoints and `npm run org`
 * (which builds it on a DataSource of its own, so it works whether or not the service runs). It
 * writes through each table's owner: organisations through the identity functions, entitlements
 * through the catalogue's; every write is one transaction (checkThenWrite: a 2xx means committed).
 * Entitlement changes move the organisation's entitlement version, so every process serves them
 * from its next request.
 */
@Injectable()
export class OrganisationAdminService {
  constructor(private readonly ds: DataSource) {}

  async create(body: CreateOrganisationRequest): Promise<OrganisationResponse> {
    return checkThenWrite(
      this.ds,
      async () => undefined,
      async (tx) => {
        const created = await createOrganisation(queryable(tx), body.id, body.name);
        if (!created) throw ProblemException.conflict(`Organisation '${body.id}' exists already; nothing was changed`);
        return present(created, NO_ENTITLEMENTS);
      },
    );
  }

  async list(query: ListOrganisationsQuery): Promise<OrganisationListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    const { items, total } = await listOrganisations(this.ds, { limit, offset });
    const entitlements = await readEntitlements(
      this.ds,
      items.map((o) => o.id),
    );
    return { data: items.map((o) => present(o, entitlements.get(o.id))), paging: { limit, offset, total } };
  }

  async get(id: string): Promise<OrganisationResponse> {
    const org = await findOrganisation(this.ds, id);
    if (!org) throw notFound(id);
    return present(org, (await readEntitlements(this.ds, [id])).get(id));
  }

  /** Entitles the organisation to every code named (idempotent); unknown codes answer 400 and nothing changes. */
  grant(id: string, body: EntitlementChangeRequest): Promise<EntitlementChangeResponse> {
    return this.change(id, body, grantEntitlements);
  }

  /** Takes the codes named away from the organisation (idempotent); unknown codes answer 400 and nothing changes. */
  revoke(id: string, body: EntitlementChangeRequest): Promise<EntitlementChangeResponse> {
    return this.change(id, body, revokeEntitlements);
  }

  private async change(
    id: string,
    body: EntitlementChangeRequest,
    apply: (tx: Queryable, orgId: string, codes: EntitlementCodes) => Promise<number>,
  ): Promise<EntitlementChangeResponse> {
    if (ENTITLEMENT_KINDS.every((kind) => (body[kind] ?? []).length === 0)) {
      throw ProblemException.validation('Name at least one dataset, location or wave', [
        { path: '', message: 'at least one of datasets, locations, waves must list a code' },
      ]);
    }
    return checkThenWrite(
      this.ds,
      async () => undefined,
      async (tx) => {
        const q = queryable(tx);
        // Share-locked: the organisation cannot go while its entitlements change.
        const org = await findOrganisation(q, id, { lock: true });
        if (!org) throw notFound(id);
        let changed: number;
        try {
          changed = await apply(q, id, body);
        } catch (error) {
          if (error instanceof UnknownCatalogueCodes) {
            throw ProblemException.validation(
              `Unknown ${error.unknown.map((u) => `${u.kind.slice(0, -1)} '${u.code}'`).join(', ')}; nothing was changed`,
              error.unknown.map((u) => ({ path: `/${u.kind}/${u.index}`, message: `unknown ${u.kind.slice(0, -1)} '${u.code}'` })),
            );
          }
          throw error;
        }
        return { data: present(org, (await readEntitlements(q, [id])).get(id)), changed };
      },
    );
  }
}

function notFound(id: string): ProblemException {
  return ProblemException.notFound(`No organisation '${id}'`);
}
