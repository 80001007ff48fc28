import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CatalogueAccess } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { DEFAULT_PAGE_LIMIT, Principal } from '@aas/shared-infra/http';
import { CheckedChart, checkChart } from './chart.check';
import { columnsOf, toChartResponse } from './chart.mapper';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { ChartRow, ChartsRepository } from './charts.repository';
import { SaveChartRequest } from './dto/chart-request.dto';
import { ChartListResponse, ChartResponse } from './dto/chart-response.dto';
import { ListChartsQuery } from './dto/list-charts.query';

/** One body for "no such chart" and "another organisation's chart", so the two cannot be told apart. */
export const CHART_NOT_FOUND = 'No chart with this id exists in your organisation';

function owned(row: ChartRow | undefined): ChartRow {
  if (row === undefined) throw ProblemException.notFound(CHART_NOT_FOUND);
  return row;
}

/**
 * Chart storage. Charts belong to the caller's organisation (from the token) and are shared by its
 * users; owner_id/owner_email are the creator's and stay when others replace it. Each write checks
 * the request completely first (the chart: 404, then the body against the catalogue: 400/403),
 * then locks, checks again and writes in one short transaction (ChartsRepository.write): a 2xx
 * means committed, and the answer is built from the row as written.
 */
@Injectable()
export class ChartsService {
  constructor(
    private readonly repository: ChartsRepository,
    private readonly catalogue: CatalogueAccess,
    private readonly taxonomy: ChartTaxonomySource,
  ) {}

  async list(principal: Principal, query: ListChartsQuery): Promise<ChartListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.repository.page(principal.orgId, limit, offset);
    return { data: await Promise.all(rows.map((r) => this.respond(r, principal))), paging: { limit, offset, total } };
  }

  async get(principal: Principal, id: string): Promise<ChartResponse> {
    return this.respond(await this.find(principal, id), principal);
  }

  /** The stored chart of the caller's organisation (404 otherwise). */
  async find(principal: Principal, id: string): Promise<ChartRow> {
    return owned(await this.repository.find(principal.orgId, id));
  }

  async create(principal: Principal, body: SaveChartRequest): Promise<ChartResponse> {
    // Chosen once, before the write: a transaction run again after a lost connection inserts the same chart.
    const id = randomUUID();
    return this.repository.write(
      async () => {
        const checked = await this.check(principal, body);
        // Everything the answer needs besides the row is read now, so nothing is read after the commit.
        return { checked, datasetNames: await this.taxonomy.datasetNames(checked.dataset_codes) };
      },
      async (tx, { checked, datasetNames }) => {
        const row = await this.repository.insert(
          tx,
          { id, orgId: principal.orgId, ownerId: principal.userId, ownerEmail: principal.email ?? '' },
          columnsOf(checked),
        );
        return toChartResponse(row, principal, datasetNames);
      },
    );
  }

  /**
   * Replaces every writable member (an `id` in the body is ignored); answers the id. A missing or
   * another organisation's chart answers 404 before any complaint about the body.
   */
  async replace(principal: Principal, id: string, body: SaveChartRequest): Promise<string> {
    await this.repository.write(
      async () => {
        await this.find(principal, id);
        return this.check(principal, body);
      },
      async (tx, checked) => {
        owned(await this.repository.lock(tx, principal.orgId, id));
        owned(await this.repository.replace(tx, principal.orgId, id, columnsOf(checked)));
      },
    );
    return id;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.repository.write(
      async () => undefined,
      async (tx) => {
        if (!(await this.repository.delete(tx, principal.orgId, id))) throw ProblemException.notFound(CHART_NOT_FOUND);
      },
    );
  }

  private async respond(row: ChartRow, principal: Principal): Promise<ChartResponse> {
    return toChartResponse(row, principal, await this.taxonomy.datasetNames(row.datasetCodes));
  }

  private async check(principal: Principal, body: SaveChartRequest): Promise<CheckedChart> {
    const checked = checkChart(body, await this.catalogue.forOrganisation(principal.orgId), randomUUID);
    if (checked.ok) return checked.value;
    throw ProblemException.fromCheck(checked);
  }
}
