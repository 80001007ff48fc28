import { PagingQuery } from '@aas/infra';

/** Query of GET /v1/charts. */
export class ListChartsQuery extends PagingQuery {}
