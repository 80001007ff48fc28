import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { StandardExpression } from '@aas/audience-expression-domain';
import { CatalogueAccess } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { WriteTransaction } from '@aas/shared-infra/database';
import { DEFAULT_PAGE_LIMIT, NIL_UUID, Principal } from '@aas/shared-infra/http';
import { audienceAccess, organisationFlags } from './audience-access';
import { checkAgainstCatalogue, CheckedExpression, parseAudienceExpression } from './audience-expression.check';
import { toAudienceResponse } from './audience.mapper';
import { AudienceListResponse, AudienceResponse } from './dto/audience-response.dto';
import { PatchAudienceRequest, SaveAudienceRequest } from './dto/audience-request.dto';
import { ListAudiencesQuery } from './dto/list-audiences.query';
import { SavedAudienceChanges, SavedAudienceRow, SavedAudiencesRepository } from './saved-audiences.repository';

/**
 * One body for "no such audience" and "another organisation's audience", so that the two
 * cannot be told apart (the id is in `instance`, not here).
 */
const NOT_FOUND = 'No saved audience with this id exists in your organisation or among the curated audiences';
const CURATED_READ_ONLY = 'Curated audiences are read-only: copy it into a new audience to change it';

function folderOf(value: string | null): string {
  return (value ?? NIL_UUID).toLowerCase();
}

/** The row if the caller may write it: 404 when it cannot see it, 403 when it is curated. */
function writable(row: SavedAudienceRow | undefined, principal: Principal): SavedAudienceRow {
  const access = row === undefined ? 'none' : audienceAccess(row.orgId, principal.orgId);
  if (access === 'none') throw ProblemException.notFound(NOT_FOUND);
  if (access !== 'write') throw ProblemException.forbidden(CURATED_READ_ONLY);
  return row as SavedAudienceRow;
}

/**
 * The saved-audiences use cases. Each write checks the request completely first (the row as the
 * caller sees it: 404, 403; then the body against the catalogue: 400, 403), then locks the row,
 * checks it again and writes in one short transaction (SavedAudiencesRepository.write): a 2xx
 * means committed, and the answer is the row as written.
 */
@Injectable()
export class SavedAudiencesService {
  constructor(
    private readonly repository: SavedAudiencesRepository,
    private readonly catalogue: CatalogueAccess,
  ) {}

  /** Lists the caller's organisation's audiences and (unless excluded) the curated ones, a page at a time. */
  async list(principal: Principal, query: ListAudiencesQuery): Promise<AudienceListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.repository.page({
      orgId: principal.orgId,
      folderId: query.folder_id,
      includeCurated: query.include_curated !== false,
      limit,
      offset,
    });
    return {
      data: rows.map((row) => toAudienceResponse(row, row.orgId === null ? 'read' : 'write')),
      paging: { limit, offset, total },
    };
  }

  /** Reads one audience the caller may see: its organisation's or a curated one. */
  async get(principal: Principal, id: string): Promise<AudienceResponse> {
    const row = await this.repository.findVisible(principal.orgId, id);
    if (row === undefined || audienceAccess(row.orgId, principal.orgId) === 'none') throw ProblemException.notFound(NOT_FOUND);
    return toAudienceResponse(row, row.orgId === null ? 'read' : 'write');
  }

  /** Creates an audience in the caller's organisation. */
  async create(principal: Principal, body: SaveAudienceRequest): Promise<AudienceResponse> {
    // The id is chosen once, before the write, so a transaction run again after a lost connection inserts the same row.
    const id = randomUUID();
    return this.repository.write(
      () => this.checkExpression(principal, body.expression, body.datasets),
      async (tx, checked) => {
        const row = await this.repository.insert(tx, {
          id,
          orgId: principal.orgId,
          name: body.name,
          expression: checked.expression,
          folderId: folderOf(body.folder_id),
          position: body.position,
          flags: organisationFlags(body.flags),
          datasets: checked.datasets,
          createdBy: principal.userId,
        });
        return toAudienceResponse(row, 'write');
      },
    );
  }

  /** Replaces every writable member of an audience of the caller's organisation. */
  async replace(principal: Principal, id: string, body: SaveAudienceRequest): Promise<AudienceResponse> {
    return this.repository.write(
      async (): Promise<SavedAudienceChanges> => {
        writable(await this.repository.findVisible(principal.orgId, id), principal);
        const checked = await this.checkExpression(principal, body.expression, body.datasets);
        return {
          name: body.name,
          expression: checked.expression,
          datasets: checked.datasets,
          folderId: folderOf(body.folder_id),
          position: body.position,
          flags: organisationFlags(body.flags),
        };
      },
      (tx, changes) => this.apply(tx, principal, id, changes),
    );
  }

  /** Changes the members sent, leaving the others as they are. */
  async patch(principal: Principal, id: string, body: PatchAudienceRequest): Promise<AudienceResponse> {
    return this.repository.write(
      async (): Promise<SavedAudienceChanges> => {
        writable(await this.repository.findVisible(principal.orgId, id), principal);
        const changes: SavedAudienceChanges = {};
        if (body.expression !== undefined || body.datasets !== undefined) {
          const checked = await this.checkExpression(principal, body.expression, body.datasets);
          if (body.expression !== undefined) {
            changes.expression = checked.expression;
            changes.datasets = checked.datasets;
          }
        }
        if (body.name !== undefined) changes.name = body.name;
        if (body.folder_id !== undefined) changes.folderId = folderOf(body.folder_id);
        if (body.position !== undefined) changes.position = body.position;
        if (body.flags !== undefined) changes.flags = organisationFlags(body.flags);
        return changes;
      },
      (tx, changes) => this.apply(tx, principal, id, changes),
    );
  }

  /** Deletes an audience of the caller's organisation. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.repository.write(
      async () => undefined,
      async (tx) => {
        writable(await this.repository.lockVisible(tx, principal.orgId, id), principal);
        await this.repository.delete(tx, principal.orgId, id);
      },
    );
  }

  /**
   * Inside the write's transaction: locks the row, checks again what the check before saw (it may
   * have been deleted meanwhile), and writes. No catalogue or other pooled connection is needed
   * here: the changes were checked and built before the lock.
   */
  private async apply(tx: WriteTransaction, principal: Principal, id: string, changes: SavedAudienceChanges): Promise<AudienceResponse> {
    const locked = writable(await this.repository.lockVisible(tx, principal.orgId, id), principal);
    if (Object.keys(changes).length === 0) return toAudienceResponse(locked, 'write');
    const row = await this.repository.update(tx, principal.orgId, id, changes);
    if (row === undefined) throw ProblemException.notFound(NOT_FOUND);
    return toAudienceResponse(row, 'write');
  }

  /** Structure first (no catalogue needed), then the caller's catalogue. */
  private async checkExpression(principal: Principal, input: unknown, datasets: string[] | undefined): Promise<CheckedExpression> {
    let expression: StandardExpression | undefined;
    if (input !== undefined) {
      const parsed = parseAudienceExpression(input);
      if (!parsed.ok) throw ProblemException.fromCheck(parsed);
      expression = parsed.value;
    }
    const catalogue = await this.catalogue.forOrganisation(principal.orgId);
    const checked = checkAgainstCatalogue(expression ?? { kind: 'all' }, catalogue, datasets);
    if (!checked.ok) throw ProblemException.fromCheck(checked);
    return checked.value;
  }
}
