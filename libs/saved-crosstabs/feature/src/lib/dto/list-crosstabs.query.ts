import { PagingQuery } from '@aas/infra';

/** Query of GET /v2/saved/crosstabs. */
export class ListSavedCrosstabsQuery extends PagingQuery {}
