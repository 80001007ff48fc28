import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueAccess } from '@aas/contracts';
import { DEFAULT_PAGE_LIMIT, Principal, ProblemException } from '@aas/infra';
import { AudienceInput, CheckedProject, checkProject, CheckResult, ContentMember, GeneratedLabels, isStale, ProjectContent } from './crosstab-project.check';
import { toProjectResponse } from './crosstab-project.mapper';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './dto/crosstab-request.dto';
import { SavedCrosstabListResponse, SavedCrosstabResponse } from './dto/crosstab-response.dto';
import { ListSavedCrosstabsQuery } from './dto/list-crosstabs.query';
import { SavedCrosstabEntity } from './saved-crosstab.entity';

/**
 * One body for "no such project" and "another organisation's project", so that the two cannot
 * be told apart (the uuid is in `instance`, not here).
 */
const NOT_FOUND = 'No saved crosstab with this uuid exists in your organisation';
/** Only ever about the caller's own organisation: another organisation's uuids are not in the way. */
const UUID_TAKEN = 'A saved crosstab with this uuid already exists in your organisation: leave uuid out to have one generated, or PUT to replace it';
const STALE = 'The saved crosstab changed after last_updated_at: read it again (GET) and retry with its updated_at, or leave last_updated_at out to overwrite';

const ALL_CONTENT: ReadonlySet<ContentMember> = new Set(['rows', 'columns', 'bases', 'country_codes', 'wave_codes']);

function fail(result: Extract<CheckResult<unknown>, { ok: false }>): never {
  if (result.status === 403) {
    throw ProblemException.forbidden('The saved crosstab uses a dataset, location or wave your organisation is not entitled to', result.errors);
  }
  const paths = [...new Set(result.errors.map((e) => e.path))].join(', ');
  throw ProblemException.validation(`The request is invalid: ${paths}`, result.errors);
}

/** The content of a full body (POST, PUT): members left out take their defaults. */
function fullContent(body: SaveSavedCrosstabRequest): ProjectContent {
  return {
    rows: (body.rows ?? []) as AudienceInput[],
    columns: (body.columns ?? []) as AudienceInput[],
    bases: (body.bases ?? null) as AudienceInput | null,
    country_codes: body.country_codes ?? [],
    wave_codes: body.wave_codes ?? [],
  };
}

/** The stored values the written members replace, as columns of the entity. */
function columnsOf(checked: CheckedProject): Partial<SavedCrosstabEntity> {
  return {
    rows: checked.rows,
    columns: checked.columns,
    bases: checked.bases,
    countryCodes: checked.country_codes,
    waveCodes: checked.wave_codes,
    metadata: checked.metadata,
  };
}

/**
 * The saved-crosstab use cases (spec 4.6 and 2.6). Projects belong to the caller's organisation
 * (from the token) and are shared by its users. Every write is one statement or one
 * transaction: a 2xx means committed, an error means nothing changed.
 */
@Injectable()
export class SavedCrosstabsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueAccess,
  ) {}

  /** The organisation's projects, most recently changed first, a page at a time. */
  async list(principal: Principal, query: ListSavedCrosstabsQuery): Promise<SavedCrosstabListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    // One snapshot for the page and its total, so they agree.
    const [rows, total] = await this.dataSource.transaction('REPEATABLE READ', (m) =>
      m.findAndCount(SavedCrosstabEntity, {
        where: { orgId: principal.orgId },
        order: { updatedAt: 'DESC', uuid: 'ASC' },
        skip: offset,
        take: limit,
      }),
    );
    return { data: rows.map(toProjectResponse), paging: { limit, offset, total } };
  }

  /** Reads one project of the caller's organisation. */
  async get(principal: Principal, uuid: string): Promise<SavedCrosstabResponse> {
    return toProjectResponse(await this.owned(this.dataSource.manager, principal, uuid));
  }

  /**
   * Creates a project in the caller's organisation, under the client's uuid when it sends one.
   * The key is (org_id, uuid): a uuid the caller's organisation already uses answers 409, one
   * that only another organisation uses is free (so a POST reveals nothing about other
   * organisations); `last_updated_at` is ignored.
   */
  async create(principal: Principal, body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    const checked = await this.check(principal, fullContent(body), ALL_CONTENT);
    const uuid = body.uuid?.toLowerCase() ?? randomUUID();
    // ON CONFLICT DO NOTHING on the (org_id, uuid) key: two concurrent POSTs of one uuid by one
    // organisation cannot both succeed, nor fail as a 500.
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SavedCrosstabEntity)
      .values({
        uuid,
        orgId: principal.orgId,
        userId: principal.userId,
        name: body.name,
        notes: body.notes ?? '',
        ...columnsOf(checked),
      })
      .orIgnore()
      .returning(['uuid'])
      .execute();
    if ((inserted.raw as unknown[]).length === 0) throw ProblemException.conflict(UUID_TAKEN);
    return this.get(principal, uuid);
  }

  /** Replaces every writable member; members left out take their defaults. Keeps uuid, user_id, created_at. */
  async replace(principal: Principal, uuid: string, body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    this.sameUuid(uuid, body.uuid);
    return this.update(principal, uuid, body.last_updated_at, async () => {
      const checked = await this.check(principal, fullContent(body), ALL_CONTENT);
      return { name: body.name, notes: body.notes ?? '', ...columnsOf(checked) };
    });
  }

  /** Changes the members sent, leaving the others as they are; the metadata is recomputed. */
  async patch(principal: Principal, uuid: string, body: PatchSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    this.sameUuid(uuid, body.uuid);
    return this.update(principal, uuid, body.last_updated_at, async (stored) => {
      const sent = new Set<ContentMember>(
        (['rows', 'columns', 'bases', 'country_codes', 'wave_codes'] as const).filter((member) => body[member] !== undefined),
      );
      const changes: Partial<SavedCrosstabEntity> = {};
      if (sent.size > 0) {
        const content: ProjectContent = {
          rows: (body.rows ?? stored.rows) as AudienceInput[],
          columns: (body.columns ?? stored.columns) as AudienceInput[],
          bases: (body.bases !== undefined ? body.bases : stored.bases) as AudienceInput | null,
          country_codes: body.country_codes ?? stored.countryCodes,
          wave_codes: body.wave_codes ?? stored.waveCodes,
        };
        const previousLabels = (stored.metadata as { generated_labels?: GeneratedLabels }).generated_labels;
        Object.assign(changes, columnsOf(await this.check(principal, content, sent, previousLabels)));
      }
      if (body.name !== undefined) changes.name = body.name;
      if (body.notes !== undefined) changes.notes = body.notes;
      return changes;
    });
  }

  /** Deletes a project of the caller's organisation. */
  async delete(principal: Principal, uuid: string): Promise<void> {
    const result = await this.dataSource.getRepository(SavedCrosstabEntity).delete({ orgId: principal.orgId, uuid });
    if (!result.affected) throw ProblemException.notFound(NOT_FOUND);
  }

  /**
   * Locks the caller's project (404 otherwise), refuses a stale write (409), then builds the
   * change (400/403) and applies it in the same transaction, so that a concurrent write or
   * delete cannot interleave. An empty change still answers the project, unchanged.
   */
  private async update(
    principal: Principal,
    uuid: string,
    lastUpdatedAt: string | undefined,
    build: (stored: SavedCrosstabEntity) => Promise<Partial<SavedCrosstabEntity>>,
  ): Promise<SavedCrosstabResponse> {
    return this.dataSource.transaction(async (m) => {
      const stored = await this.owned(m, principal, uuid, true);
      if (isStale(lastUpdatedAt, stored.updatedAt)) throw ProblemException.conflict(STALE);
      const changes = await build(stored);
      if (Object.keys(changes).length > 0) {
        await m.update(SavedCrosstabEntity, { orgId: principal.orgId, uuid }, { ...changes, updatedAt: () => 'clock_timestamp()' } as object);
      }
      return toProjectResponse(await m.findOneByOrFail(SavedCrosstabEntity, { orgId: principal.orgId, uuid }));
    });
  }

  /** The caller's project by its key (org_id, uuid), or 404: another organisation's is missing. */
  private async owned(m: EntityManager, principal: Principal, uuid: string, lock = false): Promise<SavedCrosstabEntity> {
    const row = await m.findOne(SavedCrosstabEntity, {
      where: { orgId: principal.orgId, uuid },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (row === null) throw ProblemException.notFound(NOT_FOUND);
    return row;
  }

  private sameUuid(pathUuid: string, bodyUuid: string | undefined): void {
    if (bodyUuid !== undefined && bodyUuid.toLowerCase() !== pathUuid) {
      throw ProblemException.validation('The request is invalid: /uuid', [
        { path: '/uuid', message: "uuid must be the uuid of the path: a project's uuid cannot change" },
      ]);
    }
  }

  private async check(
    principal: Principal,
    content: ProjectContent,
    sent: ReadonlySet<ContentMember>,
    previousLabels?: GeneratedLabels,
  ): Promise<CheckedProject> {
    const catalogue = await this.catalogue.forOrganisation(principal.orgId);
    const checked = checkProject(content, catalogue, { sent, previousLabels, newId: randomUUID });
    if (!checked.ok) fail(checked);
    return checked.value;
  }
}
