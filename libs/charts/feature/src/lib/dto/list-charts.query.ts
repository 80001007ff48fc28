import { PagingQuery } from '@aas/shared-infra/http';

/** Query of GET /v1/charts. */
export class ListChartsQuery extends PagingQuery {}
