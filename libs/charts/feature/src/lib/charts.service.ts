import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueAccess } from '@aas/contracts';
import { DEFAULT_PAGE_LIMIT, Principal, ProblemException } from '@aas/infra';
import { CheckedChart, checkChart } from './chart.check';
import { ChartEntity } from './chart.entity';
import { columnsOf, toChartResponse } from './chart.mapper';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { SaveChartRequest } from './dto/chart-request.dto';
import { ChartListResponse, ChartResponse } from './dto/chart-response.dto';
import { ListChartsQuery } from './dto/list-charts.query';

/** One body for "no such chart" and "another organisation's chart", so the two cannot be told apart. */
export const CHART_NOT_FOUND = 'No chart with this id exists in your organisation';

/**
 * Chart storage (spec 4.4, 2.3). Charts belong to the caller's organisation (from the token) and
 * are shared by its users; owner_id/owner_email are the creator's and stay when others replace it.
 */
@Injectable()
export class ChartsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueAccess,
    private readonly taxonomy: ChartTaxonomySource,
  ) {}

  async list(principal: Principal, query: ListChartsQuery): Promise<ChartListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    // One snapshot for the page and its total, so they agree.
    const [rows, total] = await this.dataSource.transaction('REPEATABLE READ', (m) =>
      m.findAndCount(ChartEntity, { where: { orgId: principal.orgId }, order: { updatedAt: 'DESC', id: 'ASC' }, skip: offset, take: limit }),
    );
    return { data: await Promise.all(rows.map((r) => this.respond(r, principal))), paging: { limit, offset, total } };
  }

  async get(principal: Principal, id: string): Promise<ChartResponse> {
    return this.respond(await this.owned(this.dataSource.manager, principal, id), principal);
  }

  /** The stored chart of the caller's organisation (404 otherwise). */
  async find(principal: Principal, id: string): Promise<ChartEntity> {
    return this.owned(this.dataSource.manager, principal, id);
  }

  async create(principal: Principal, body: SaveChartRequest): Promise<ChartResponse> {
    const checked = await this.check(principal, body);
    const id = randomUUID();
    await this.dataSource.getRepository(ChartEntity).insert({
      id,
      orgId: principal.orgId,
      ownerId: principal.userId,
      ownerEmail: principal.email ?? '',
      ...columnsOf(checked),
    });
    return this.get(principal, id);
  }

  /**
   * Replaces every writable member (an `id` in the body is ignored); answers the id.
   *
   * The body is checked before the transaction opens: the check may read the catalogue through
   * another pooled connection, and holding the row lock (and this transaction's connection) while
   * waiting for one let a burst of PUTs exhaust the pool. Only the lock and the update run inside;
   * the row is read again there, so a chart deleted meanwhile still answers 404.
   */
  async replace(principal: Principal, id: string, body: SaveChartRequest): Promise<string> {
    // A missing or foreign chart answers 404 before any complaint about the body, as it always did.
    await this.owned(this.dataSource.manager, principal, id);
    const checked = await this.check(principal, body);
    await this.dataSource.transaction(async (m) => {
      await this.owned(m, principal, id, true);
      await m.update(ChartEntity, { id, orgId: principal.orgId }, { ...columnsOf(checked), updatedAt: () => 'clock_timestamp()' } as object);
    });
    return id;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const result = await this.dataSource.getRepository(ChartEntity).delete({ id, orgId: principal.orgId });
    if (!result.affected) throw ProblemException.notFound(CHART_NOT_FOUND);
  }

  private async respond(row: ChartEntity, principal: Principal): Promise<ChartResponse> {
    return toChartResponse(row, principal, await this.taxonomy.datasetNames(row.datasetCodes));
  }

  private async owned(m: EntityManager, principal: Principal, id: string, lock = false): Promise<ChartEntity> {
    const row = await m.findOne(ChartEntity, { where: { id, orgId: principal.orgId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (row === null) throw ProblemException.notFound(CHART_NOT_FOUND);
    return row;
  }

  private async check(principal: Principal, body: SaveChartRequest): Promise<CheckedChart> {
    const checked = checkChart(body, await this.catalogue.forOrganisation(principal.orgId), randomUUID);
    if (checked.ok) return checked.value;
    if (checked.status === 403)
      throw ProblemException.forbidden('The chart uses a dataset, location or wave your organisation is not licensed for', checked.errors);
    throw ProblemException.validation(`The request is invalid: ${[...new Set(checked.errors.map((e) => e.path))].join(', ')}`, checked.errors);
  }
}
