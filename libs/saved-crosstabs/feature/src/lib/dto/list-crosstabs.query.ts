import { PagingQuery } from '@aas/shared-infra/http';

/** Query of GET /v2/saved/crosstabs. */
export class ListSavedCrosstabsQuery extends PagingQuery {}
