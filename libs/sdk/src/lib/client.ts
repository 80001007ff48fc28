import createFetchClient, { type Client } from 'openapi-fetch';
import { ChatSession } from './chat.js';
import { CrosstabStream } from './crosstab.js';
import { toApiError } from './errors.js';
import { items, type Page, pages, type PagingOptions } from './paging.js';
import { createTransport, type TransportOptions } from './transport.js';
import type {
  AudienceExpression,
  CalculateChartRequest,
  CrosstabCell,
  CrosstabExportMetric,
  CrosstabOptions,
  CrosstabQuery,
  InsightsFilter,
  operations,
  PatchAudienceRequest,
  paths,
  SaveAudienceRequest,
  SaveChartRequest,
  SaveSavedCrosstabRequest,
  Schemas,
} from './types.js';

export interface ClientOptions extends TransportOptions {
  /** The service's base URL, e.g. `http://localhost:3000` (default: this page's origin in a browser). */
  baseUrl?: string;
}

type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
type Signal = { signal?: AbortSignal };

/** The media types of the two export formats. */
export const EXPORT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExportFormat = keyof typeof EXPORT_TYPES;

/** A call's answer, or the ApiError of its problem. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** The size and sample of an audience: the crosstab cell of it against everyone. */
export interface AudienceSize {
  size: number;
  sample: number;
  /** Share of the base (every respondent of the markets and waves), in percent. */
  percentage: number;
}

/**
 * The client of the Audience Analytics Service. Every method answers the typed body of the
 * operation (the OpenAPI document's schema) or throws an ApiError carrying the problem; `api` is
 * the typed openapi-fetch client beneath, for an operation with no method here.
 */
export function createClient(options: ClientOptions = {}) {
  const page = (globalThis as { location?: { origin: string } }).location;
  const baseUrl = (options.baseUrl ?? page?.origin ?? '').replace(/\/+$/, '');
  const api: Client<paths> = createFetchClient<paths>({ baseUrl, fetch: createTransport(options) });

  const runCrosstab = (query: CrosstabQuery, opts: Omit<CrosstabOptions, 'metric'>, accept: string, signal: AbortSignal) =>
    api.POST('/v2/query/crosstab', { body: query, params: { query: opts }, parseAs: 'stream', headers: { Accept: accept }, signal });

  const crosstab = {
    /**
     * Streams a crosstab's cells as the service computes them (see CrosstabStream). `format` picks
     * NDJSON (default) or RFC 7464 json-seq; the cells are the same.
     */
    stream<Cell = CrosstabCell>(
      query: CrosstabQuery,
      opts: Omit<CrosstabOptions, 'metric'> & Signal & { format?: 'ndjson' | 'json-seq' } = {},
    ): CrosstabStream<Cell> {
      const { signal, format, ...query_options } = opts;
      const accept = format === 'json-seq' ? 'application/json-seq' : 'application/x-ndjson';
      return new CrosstabStream<Cell>(async (abort) => {
        const { data, error, response } = await runCrosstab(query, query_options, accept, abort);
        if (!response.ok || !data) throw toApiError(response, error);
        return response;
      }, signal);
    },
    /** The crosstab as a CSV or Excel file (`metric`: which figure; `all`, the default, every one). */
    async export(query: CrosstabQuery, opts: { format: ExportFormat; metric?: CrosstabExportMetric } & Signal): Promise<Blob> {
      return unwrap(
        api.POST('/v2/query/crosstab', {
          body: query,
          params: { query: opts.metric ? { metric: opts.metric } : {} },
          parseAs: 'blob',
          headers: { Accept: EXPORT_TYPES[opts.format] },
          signal: opts.signal,
        }),
      );
    },
    /** An audience's weighted size, sample and share of the base, for the markets and waves given (default: the service's). */
    async audienceSize(expression: AudienceExpression, opts: Pick<CrosstabQuery, 'locations' | 'waves'> & Signal = {}): Promise<AudienceSize> {
      const cells = await crosstab
        .stream({ rows: [{ id: 'audience', expression }], locations: opts.locations, waves: opts.waves }, { signal: opts.signal })
        .collect();
      const cell = cells[0];
      if (!cell) throw new Error('the crosstab of one audience answered no cell');
      return { size: cell.intersect.size, sample: cell.intersect.sample, percentage: cell.intersect.percentage };
    },
  };

  const catalogue = {
    datasets: (o: Signal = {}) => unwrap(api.GET('/v2/datasets', o)),
    locations: (o: Signal = {}) => unwrap(api.GET('/v2/locations', o)),
    waves: (o: Signal = {}) => unwrap(api.GET('/v2/waves', o)),
    searchQuestions: (query: Query<'searchQuestions'>, o: Signal = {}) => unwrap(api.GET('/v2/questions/search', { params: { query }, ...o })),
    /** Every hit of a search, page by page. */
    searchPages: (q: string, paging: PagingOptions = {}) =>
      pages(
        async (offset, limit): Promise<Page<Schemas['QuestionSearchHit']>> => {
          const r = await catalogue.searchQuestions({ q, offset, limit });
          return { items: r.questions, total: r.total, offset: r.offset, limit: r.limit };
        },
        { limit: 20, ...paging },
      ),
    /** A question by `<namespace>.<code>`, with what `include` names. */
    question: (code: string, include: Query<'getQuestion'>['include'] = ['datapoints'], o: Signal = {}) =>
      unwrap(api.GET('/v2/questions/{question_code}', { params: { path: { question_code: code }, query: { include } }, ...o })),
    category: (id: number, include: Query<'getCategory'>['include'] = ['children', 'lineage', 'attribute_count'], o: Signal = {}) =>
      unwrap(api.GET('/v2/categories/{category_id}', { params: { path: { category_id: id }, query: { include } }, ...o })),
    filterQuestions: (body: Schemas['V3QuestionsFilterDto'], o: Signal = {}) => unwrap(api.POST('/v3/questions/filter', { body, ...o })),
  };

  const listPage = <T>(r: { data: T[]; paging: { total: number; offset: number; limit: number } }): Page<T> => ({ items: r.data, ...r.paging });

  const audiences = {
    list: (query: Query<'listSavedAudiences'> = {}, o: Signal = {}) => unwrap(api.GET('/v2/saved/audiences', { params: { query }, ...o })),
    /** Every saved audience (curated ones too unless `include_curated: false`), page by page. */
    all: (query: Omit<Query<'listSavedAudiences'>, 'limit' | 'offset'> = {}, paging: PagingOptions = {}) =>
      items(async (offset, limit) => listPage(await audiences.list({ ...query, offset, limit })), paging),
    get: async (id: string, o: Signal = {}) => (await unwrap(api.GET('/v2/saved/audiences/{id}', { params: { path: { id } }, ...o }))).data,
    create: async (body: SaveAudienceRequest, o: Signal = {}) => (await unwrap(api.POST('/v2/saved/audiences', { body, ...o }))).data,
    replace: async (id: string, body: SaveAudienceRequest, o: Signal = {}) =>
      (await unwrap(api.PUT('/v2/saved/audiences/{id}', { params: { path: { id } }, body, ...o }))).data,
    patch: async (id: string, body: PatchAudienceRequest, o: Signal = {}) =>
      (await unwrap(api.PATCH('/v2/saved/audiences/{id}', { params: { path: { id } }, body, ...o }))).data,
    rename: (id: string, name: string, o: Signal = {}) => audiences.patch(id, { name }, o),
    delete: async (id: string, o: Signal = {}): Promise<void> => {
      await unwrap(api.DELETE('/v2/saved/audiences/{id}', { params: { path: { id } }, ...o }));
    },
  };

  const savedCrosstabs = {
    list: (query: Query<'listSavedCrosstabs'> = {}, o: Signal = {}) => unwrap(api.GET('/v2/saved/crosstabs', { params: { query }, ...o })),
    all: (paging: PagingOptions = {}) => items(async (offset, limit) => listPage(await savedCrosstabs.list({ offset, limit })), paging),
    get: (uuid: string, o: Signal = {}) => unwrap(api.GET('/v2/saved/crosstabs/{uuid}', { params: { path: { uuid } }, ...o })),
    create: (body: SaveSavedCrosstabRequest, o: Signal = {}) => unwrap(api.POST('/v2/saved/crosstabs', { body, ...o })),
    patch: (uuid: string, body: Schemas['PatchSavedCrosstabRequest'], o: Signal = {}) =>
      unwrap(api.PATCH('/v2/saved/crosstabs/{uuid}', { params: { path: { uuid } }, body, ...o })),
    delete: async (uuid: string, o: Signal = {}): Promise<void> => {
      await unwrap(api.DELETE('/v2/saved/crosstabs/{uuid}', { params: { path: { uuid } }, ...o }));
    },
    export: (uuid: string, opts: { format: ExportFormat; metric?: CrosstabExportMetric } & Signal): Promise<Blob> =>
      unwrap(
        api.GET('/v2/saved/crosstabs/{uuid}/export', {
          params: { path: { uuid }, query: opts.metric ? { metric: opts.metric } : {} },
          parseAs: 'blob',
          headers: { Accept: EXPORT_TYPES[opts.format] },
          signal: opts.signal,
        }),
      ),
  };

  const charts = {
    list: (query: Query<'listCharts'> = {}, o: Signal = {}) => unwrap(api.GET('/v1/charts', { params: { query }, ...o })),
    all: (paging: PagingOptions = {}) => items(async (offset, limit) => listPage(await charts.list({ offset, limit })), paging),
    get: (id: string, o: Signal = {}) => unwrap(api.GET('/v1/charts/{id}', { params: { path: { id } }, ...o })),
    create: (body: SaveChartRequest, o: Signal = {}) => unwrap(api.POST('/v1/charts', { body, ...o })),
    /** Replaces the chart; answers its id. */
    replace: (id: string, body: SaveChartRequest, o: Signal = {}) => unwrap(api.PUT('/v1/charts/{id}', { params: { path: { id } }, body, ...o })),
    delete: async (id: string, o: Signal = {}): Promise<void> => {
      await unwrap(api.DELETE('/v1/charts/{id}', { params: { path: { id } }, ...o }));
    },
    /** Computes the chart (JSON). */
    calculate: async (id: string, body: CalculateChartRequest = {}, o: Signal = {}): Promise<Schemas['ChartCalculationResponse']> => {
      const result = await unwrap(api.POST('/v1/charts/{id}/calculate', { params: { path: { id } }, body, headers: { Accept: 'application/json' }, ...o }));
      if (typeof result === 'string') throw new Error('calculateChart answered CSV to a request for JSON');
      return result;
    },
    /** The calculation as a CSV file. */
    calculateCsv: (id: string, body: CalculateChartRequest = {}, o: Signal = {}): Promise<Blob> =>
      unwrap(api.POST('/v1/charts/{id}/calculate', { params: { path: { id } }, body, parseAs: 'blob', headers: { Accept: EXPORT_TYPES.csv }, ...o })),
  };

  const insights = {
    filter: (body: InsightsFilter = {}, o: Signal = {}) => unwrap(api.POST('/v3/insights/filter', { body, ...o })),
    /** Every page of a filter, as `Page`s (`limit` and `offset` of the body are the paging's). */
    pages: (body: Omit<InsightsFilter, 'limit' | 'offset'> = {}, paging: PagingOptions = {}) =>
      pages(
        async (offset, limit): Promise<Page<Schemas['Insight']>> => {
          const r = await insights.filter({ ...body, offset, limit });
          return { items: r.insights, total: r.total, offset: r.offset, limit: r.limit };
        },
        { limit: 10, ...paging },
      ),
  };

  const assistant = {
    ask: (body: Schemas['GenericChatDto'], signal?: AbortSignal) => unwrap(api.POST('/v1/assistant-api/generic', { body, signal })),
    insight: (id: string, signal?: AbortSignal) => unwrap(api.GET('/v1/assistant-api/generic/insights/{id}', { params: { path: { id } }, signal })),
    /** A conversation that carries its chat_id from answer to follow-up. */
    chat: (opts: { chatId?: string; dockedAudiences?: string[] } = {}) => new ChatSession(assistant, opts),
  };

  const system = {
    ping: (body: Schemas['PingRequest'] = {}, o: Signal = {}) => unwrap(api.POST('/v1/system/ping', { body, ...o })),
    ready: (o: Signal = {}) => unwrap(api.GET('/health/ready', o)),
  };

  return { api, baseUrl, catalogue, audiences, crosstab, savedCrosstabs, charts, insights, assistant, system };
}

export type AasClient = ReturnType<typeof createClient>;
