import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, FindOptionsWhere, IsNull } from 'typeorm';
import { StandardExpression } from '@aas/audience-expression';
import { CatalogueAccess } from '@aas/contracts';
import { DEFAULT_PAGE_LIMIT, NIL_UUID, Principal, ProblemException } from '@aas/infra';
import { audienceAccess, organisationFlags } from './audience-access';
import { checkAgainstCatalogue, CheckedExpression, CheckResult, parseAudienceExpression } from './audience-expression.check';
import { toAudienceResponse } from './audience.mapper';
import { AudienceListResponse, AudienceResponse } from './dto/audience-response.dto';
import { PatchAudienceRequest, SaveAudienceRequest } from './dto/audience-request.dto';
import { ListAudiencesQuery } from './dto/list-audiences.query';
import { SavedAudienceEntity } from './saved-audience.entity';

/**
 * One body for "no such audience" and "another organisation's audience", so that the two
 * cannot be told apart (the id is in `instance`, not here).
 */
const NOT_FOUND = 'No saved audience with this id exists in your organisation or among the curated audiences';
const CURATED_READ_ONLY = 'Curated audiences are read-only: copy it into a new audience to change it';

function fail(result: Extract<CheckResult<unknown>, { ok: false }>): never {
  if (result.status === 403) {
    throw ProblemException.forbidden('The audience uses a dataset your organisation is not entitled to', result.errors);
  }
  const paths = [...new Set(result.errors.map((e) => e.path))].join(', ');
  throw ProblemException.validation(`The request is invalid: ${paths}`, result.errors);
}

function folderOf(value: string | null): string {
  return (value ?? NIL_UUID).toLowerCase();
}

/** The saved-audiences use cases (spec 4.3). Every write is one transaction: a 2xx means committed. */
@Injectable()
export class SavedAudiencesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueAccess,
  ) {}

  /** Lists the caller's organisation's audiences and (unless excluded) the curated ones, a page at a time. */
  async list(principal: Principal, query: ListAudiencesQuery): Promise<AudienceListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    const folder = query.folder_id === undefined ? {} : { folderId: query.folder_id.toLowerCase() };
    const where: FindOptionsWhere<SavedAudienceEntity>[] = [{ orgId: principal.orgId, ...folder }];
    if (query.include_curated !== false) where.push({ orgId: IsNull(), ...folder });
    // One snapshot for the page and its total, so they agree.
    const [rows, total] = await this.dataSource.transaction('REPEATABLE READ', (m) =>
      m.findAndCount(SavedAudienceEntity, {
        where,
        order: { position: 'ASC', createdAt: 'ASC', id: 'ASC' },
        skip: offset,
        take: limit,
      }),
    );
    return {
      data: rows.map((row) => toAudienceResponse(row, row.orgId === null ? 'read' : 'write')),
      paging: { limit, offset, total },
    };
  }

  /** Reads one audience the caller may see: its organisation's or a curated one. */
  async get(principal: Principal, id: string): Promise<AudienceResponse> {
    const row = await this.visible(this.dataSource.manager, principal, id);
    return toAudienceResponse(row, row.orgId === null ? 'read' : 'write');
  }

  /** Creates an audience in the caller's organisation. */
  async create(principal: Principal, body: SaveAudienceRequest): Promise<AudienceResponse> {
    const checked = await this.checkExpression(principal, body.expression, body.datasets);
    const id = randomUUID();
    await this.dataSource.getRepository(SavedAudienceEntity).insert({
      id,
      orgId: principal.orgId,
      v1Id: null,
      name: body.name,
      expression: checked.expression,
      folderId: folderOf(body.folder_id),
      position: body.position,
      flags: organisationFlags(body.flags),
      datasets: checked.datasets,
      createdBy: principal.userId,
    });
    return this.get(principal, id);
  }

  /** Replaces every writable member of an audience of the caller's organisation. */
  async replace(principal: Principal, id: string, body: SaveAudienceRequest): Promise<AudienceResponse> {
    return this.update(principal, id, async () => {
      const checked = await this.checkExpression(principal, body.expression, body.datasets);
      return {
        name: body.name,
        expression: checked.expression,
        datasets: checked.datasets,
        folderId: folderOf(body.folder_id),
        position: body.position,
        flags: organisationFlags(body.flags),
      };
    });
  }

  /** Changes the members sent, leaving the others as they are. */
  async patch(principal: Principal, id: string, body: PatchAudienceRequest): Promise<AudienceResponse> {
    return this.update(principal, id, async () => {
      const changes: Partial<SavedAudienceEntity> = {};
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
    });
  }

  /** Deletes an audience of the caller's organisation. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.writable(m, principal, id, true);
      await m.delete(SavedAudienceEntity, { id, orgId: principal.orgId });
    });
  }

  /**
   * Checks visibility and writability first (404, 403), then builds the change (400, 403 from
   * the expression) and applies it in the same transaction, with the row locked so that a
   * concurrent delete or write cannot interleave.
   */
  private async update(principal: Principal, id: string, build: () => Promise<Partial<SavedAudienceEntity>>): Promise<AudienceResponse> {
    return this.dataSource.transaction(async (m) => {
      await this.writable(m, principal, id, true);
      const changes = await build();
      if (Object.keys(changes).length > 0) {
        await m.update(SavedAudienceEntity, { id, orgId: principal.orgId }, changes);
      }
      const row = await m.findOneByOrFail(SavedAudienceEntity, { id });
      return toAudienceResponse(row, 'write');
    });
  }

  private async visible(m: EntityManager, principal: Principal, id: string, lock = false): Promise<SavedAudienceEntity> {
    const row = await m.findOne(SavedAudienceEntity, {
      where: [
        { id, orgId: principal.orgId },
        { id, orgId: IsNull() },
      ],
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (row === null || audienceAccess(row.orgId, principal.orgId) === 'none') throw ProblemException.notFound(NOT_FOUND);
    return row;
  }

  private async writable(m: EntityManager, principal: Principal, id: string, lock = false): Promise<SavedAudienceEntity> {
    const row = await this.visible(m, principal, id, lock);
    if (audienceAccess(row.orgId, principal.orgId) !== 'write') throw ProblemException.forbidden(CURATED_READ_ONLY);
    return row;
  }

  /** Structure first (no catalogue needed), then the caller's catalogue. */
  private async checkExpression(principal: Principal, input: unknown, datasets: string[] | undefined): Promise<CheckedExpression> {
    let expression: StandardExpression | undefined;
    if (input !== undefined) {
      const parsed = parseAudienceExpression(input);
      if (!parsed.ok) fail(parsed);
      expression = parsed.value;
    }
    const catalogue = await this.catalogue.forOrganisation(principal.orgId);
    const checked = checkAgainstCatalogue(expression ?? { kind: 'all' }, catalogue, datasets);
    if (!checked.ok) fail(checked);
    return checked.value;
  }
}
