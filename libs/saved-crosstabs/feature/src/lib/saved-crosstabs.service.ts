import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  CatalogueAccess,
  CrosstabExporter,
  type CrosstabExportMetric,
  type ExportedFile,
  type ExportMediaType,
  OrganisationCatalogue,
} from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { DEFAULT_PAGE_LIMIT, Principal } from '@aas/shared-infra/http';
import { AudienceInput, CheckedProject, checkProject, ContentMember, GeneratedLabels, isStale, ProjectContent } from './crosstab-project.check';
import { toProjectResponse } from './crosstab-project.mapper';
import { projectPath, projectQuery } from './crosstab-project.query';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './dto/crosstab-request.dto';
import { SavedCrosstabListResponse, SavedCrosstabResponse } from './dto/crosstab-response.dto';
import { ListSavedCrosstabsQuery } from './dto/list-crosstabs.query';
import { SavedCrosstabContent, SavedCrosstabRow, SavedCrosstabsRepository } from './saved-crosstabs.repository';

/**
 * One body for "no such project" and "another organisation's project", so that the two cannot
 * be told apart (the uuid is in `instance`, not here).
 */
const NOT_FOUND = 'No saved crosstab with this uuid exists in your organisation';
/** Only ever about the caller's own organisation: another organisation's uuids are not in the way. */
const UUID_TAKEN = 'A saved crosstab with this uuid already exists in your organisation: leave uuid out to have one generated, or PUT to replace it';
const STALE = 'The saved crosstab changed after last_updated_at: read it again (GET) and retry with its updated_at, or leave last_updated_at out to overwrite';

const ALL_CONTENT: ReadonlySet<ContentMember> = new Set(['rows', 'columns', 'bases', 'country_codes', 'wave_codes']);

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

/** The stored values the written members replace, as columns of the row. */
function columnsOf(checked: CheckedProject): Omit<SavedCrosstabContent, 'name' | 'notes'> {
  return {
    rows: checked.rows,
    columns: checked.columns,
    bases: checked.bases,
    countryCodes: checked.country_codes,
    waveCodes: checked.wave_codes,
    metadata: checked.metadata,
  };
}

/** The project as the caller may write it: 404 when the organisation has none with this uuid, 409 when it changed after `last_updated_at`. */
function current(row: SavedCrosstabRow | undefined, lastUpdatedAt: string | undefined): SavedCrosstabRow {
  if (row === undefined) throw ProblemException.notFound(NOT_FOUND);
  if (isStale(lastUpdatedAt, row.updatedAt)) throw ProblemException.conflict(STALE);
  return row;
}

/**
 * The saved-crosstab use cases. Projects belong to the caller's organisation (from the token) and
 * are shared by its users. Each write checks the request completely first (the uuid of the body,
 * the project: 404, then `last_updated_at`: 409, then the content against the catalogue: 400/403),
 * then locks the project, checks again what the lock protects and writes in one short transaction
 * (SavedCrosstabsRepository.write): a 2xx means committed, and the answer is the row as written.
 */
@Injectable()
export class SavedCrosstabsService {
  constructor(
    private readonly repository: SavedCrosstabsRepository,
    private readonly catalogue: CatalogueAccess,
    private readonly exporter: CrosstabExporter,
  ) {}

  /** The organisation's projects, most recently changed first, a page at a time. */
  async list(principal: Principal, query: ListSavedCrosstabsQuery): Promise<SavedCrosstabListResponse> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = query.offset ?? 0;
    const { rows, total } = await this.repository.page(principal.orgId, limit, offset);
    return { data: rows.map(toProjectResponse), paging: { limit, offset, total } };
  }

  /** Reads one project of the caller's organisation. */
  async get(principal: Principal, uuid: string): Promise<SavedCrosstabResponse> {
    return toProjectResponse(current(await this.repository.find(principal.orgId, uuid), undefined));
  }

  /**
   * Computes a project of the caller's organisation as it stands (its rows, columns and base against
   * today's catalogue and data, its waves and locations or the crosstab's defaults) and lays it out
   * as CSV or Excel (the crosstab feature's CrosstabExporter). Another organisation's project is a
   * 404 like a missing one. A project that no longer fits the catalogue (a question gone with a new
   * import, a licence ended) answers the crosstab's 400/403, its paths naming the project's members.
   */
  async export(
    principal: Principal,
    uuid: string,
    options: { mediaType: ExportMediaType; metric: CrosstabExportMetric; requestId: string; signal?: AbortSignal },
  ): Promise<ExportedFile> {
    const project = current(await this.repository.find(principal.orgId, uuid), undefined);
    const query = projectQuery(project);
    if (!query.ok) {
      throw ProblemException.validation(
        'The saved crosstab cannot be computed: a stored expression does not parse',
        query.errors.map((e) => ({ path: e.path, message: e.message })),
      );
    }
    try {
      return await this.exporter.export(principal.orgId, query.value, { ...options, title: project.name });
    } catch (error) {
      if (error instanceof ProblemException && error.fieldErrors && (error.getStatus() === 400 || error.getStatus() === 403)) {
        const errors = error.fieldErrors.map((e) => ({ ...e, path: projectPath(e.path) }));
        const detail = `The saved crosstab cannot be computed against your catalogue today: ${[...new Set(errors.map((e) => e.path))].join(', ')}`;
        throw new ProblemException(error.getStatus(), error.problemType, detail, errors);
      }
      throw error;
    }
  }

  /**
   * Creates a project in the caller's organisation, under the client's uuid when it sends one.
   * The key is (org_id, uuid): a uuid the caller's organisation already uses answers 409, one
   * that only another organisation uses is free (so a POST reveals nothing about other
   * organisations); `last_updated_at` is ignored.
   */
  async create(principal: Principal, body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    // Chosen once, before the write: a transaction run again after a lost connection inserts the same project.
    const uuid = body.uuid?.toLowerCase() ?? randomUUID();
    return this.repository.write(
      async () => this.check(await this.catalogue.forOrganisation(principal.orgId), fullContent(body), ALL_CONTENT),
      async (tx, checked) => {
        const row = await this.repository.insertIfFree(
          tx,
          { orgId: principal.orgId, uuid, userId: principal.userId },
          { name: body.name, notes: body.notes ?? '', ...columnsOf(checked) },
        );
        if (row === undefined) throw ProblemException.conflict(UUID_TAKEN);
        return toProjectResponse(row);
      },
    );
  }

  /** Replaces every writable member; members left out take their defaults. Keeps uuid, user_id, created_at. */
  async replace(principal: Principal, uuid: string, body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    this.sameUuid(uuid, body.uuid);
    return this.repository.write(
      async (): Promise<SavedCrosstabContent> => {
        current(await this.repository.find(principal.orgId, uuid), body.last_updated_at);
        const checked = this.check(await this.catalogue.forOrganisation(principal.orgId), fullContent(body), ALL_CONTENT);
        return { name: body.name, notes: body.notes ?? '', ...columnsOf(checked) };
      },
      async (tx, changes) => {
        current(await this.repository.lock(tx, principal.orgId, uuid), body.last_updated_at);
        return this.written(await this.repository.update(tx, principal.orgId, uuid, changes));
      },
    );
  }

  /**
   * Changes the members sent, leaving the others as they are; the metadata is recomputed. Whether
   * the members sent are valid does not depend on the stored ones, so the check before the lock
   * answers every 400/403; the merge with the stored members is redone under the lock only if the
   * project changed in between, from the catalogue already read.
   */
  async patch(principal: Principal, uuid: string, body: PatchSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    this.sameUuid(uuid, body.uuid);
    const sent = new Set<ContentMember>((['rows', 'columns', 'bases', 'country_codes', 'wave_codes'] as const).filter((member) => body[member] !== undefined));
    const merge = (catalogue: OrganisationCatalogue, stored: SavedCrosstabRow): Partial<SavedCrosstabContent> => {
      const changes: Partial<SavedCrosstabContent> = {};
      if (sent.size > 0) {
        const content: ProjectContent = {
          rows: (body.rows ?? stored.rows) as AudienceInput[],
          columns: (body.columns ?? stored.columns) as AudienceInput[],
          bases: (body.bases !== undefined ? body.bases : stored.bases) as AudienceInput | null,
          country_codes: body.country_codes ?? stored.countryCodes,
          wave_codes: body.wave_codes ?? stored.waveCodes,
        };
        const previousLabels = (stored.metadata as { generated_labels?: GeneratedLabels }).generated_labels;
        Object.assign(changes, columnsOf(this.check(catalogue, content, sent, previousLabels)));
      }
      if (body.name !== undefined) changes.name = body.name;
      if (body.notes !== undefined) changes.notes = body.notes;
      return changes;
    };
    return this.repository.write(
      async () => {
        const seen = current(await this.repository.find(principal.orgId, uuid), body.last_updated_at);
        const catalogue = await this.catalogue.forOrganisation(principal.orgId);
        return { seen, catalogue, changes: merge(catalogue, seen) };
      },
      async (tx, { seen, catalogue, changes }) => {
        const locked = current(await this.repository.lock(tx, principal.orgId, uuid), body.last_updated_at);
        const merged = locked.updatedAt.getTime() === seen.updatedAt.getTime() ? changes : merge(catalogue, locked);
        // An empty change still answers the project, unchanged.
        if (Object.keys(merged).length === 0) return toProjectResponse(locked);
        return this.written(await this.repository.update(tx, principal.orgId, uuid, merged));
      },
    );
  }

  /** Deletes a project of the caller's organisation. */
  async delete(principal: Principal, uuid: string): Promise<void> {
    await this.repository.write(
      async () => undefined,
      async (tx) => {
        if (!(await this.repository.delete(tx, principal.orgId, uuid))) throw ProblemException.notFound(NOT_FOUND);
      },
    );
  }

  private written(row: SavedCrosstabRow | undefined): SavedCrosstabResponse {
    // Under the lock the row cannot have gone; answered as a missing project all the same.
    if (row === undefined) throw ProblemException.notFound(NOT_FOUND);
    return toProjectResponse(row);
  }

  private sameUuid(pathUuid: string, bodyUuid: string | undefined): void {
    if (bodyUuid !== undefined && bodyUuid.toLowerCase() !== pathUuid) {
      throw ProblemException.validation('The request is invalid: /uuid', [
        { path: '/uuid', message: "uuid must be the uuid of the path: a project's uuid cannot change" },
      ]);
    }
  }

  /** Checks content against a catalogue read before any lock (a pure function of both). */
  private check(catalogue: OrganisationCatalogue, content: ProjectContent, sent: ReadonlySet<ContentMember>, previousLabels?: GeneratedLabels): CheckedProject {
    const checked = checkProject(content, catalogue, { sent, previousLabels, newId: randomUUID });
    if (!checked.ok) throw ProblemException.fromCheck(checked);
    return checked.value;
  }
}
