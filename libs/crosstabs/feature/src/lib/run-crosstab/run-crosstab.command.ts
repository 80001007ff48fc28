import type { CrosstabQueryInput, CrosstabStatistics } from '@aas/shared-contracts';

/**
 * Run a crosstab for an organisation: the body as POST /v2/query/crosstab takes it, the statistics
 * its query options ask for, and how the results are wanted: as they are computed (`stream`, the
 * JSON stream) or at once (`whole`, a file).
 */
export class RunCrosstabCommand {
  constructor(
    readonly orgId: string,
    readonly requestId: string,
    readonly body: CrosstabQueryInput,
    readonly statistics: CrosstabStatistics = {},
    readonly delivery: 'stream' | 'whole' = 'stream',
    /** Aborting stops the computation (the client went away): blocks no worker has taken are removed. */
    readonly signal?: AbortSignal,
  ) {}
}
