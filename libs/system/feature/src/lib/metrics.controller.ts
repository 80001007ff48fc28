import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommonConfig, Metrics, metricsAuthorized, ProblemException } from '@aas/shared-infra';
import { ApiProblems, Public } from '@aas/shared-infra/http';

/**
 * The gateway's Prometheus endpoint. Open without a user token (a scraper has no JWT), like the
 * health checks; with METRICS_TOKEN set it wants that token as a bearer instead. The series carry
 * route templates, job names and counts, never an organisation, a user or a raw URL.
 */
@ApiTags('metrics')
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: CommonConfig,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics of this gateway (text exposition format 0.0.4)',
    description:
      'HTTP requests by route template, the jobs this gateway waited for, queue depth, live workers, and the Node.js process. ' +
      'No user token; when the deployment sets METRICS_TOKEN, send `Authorization: Bearer <METRICS_TOKEN>`. The names, labels and example queries are in docs/observability.md.',
  })
  @ApiOkResponse({
    description: 'The metrics, in the Prometheus text format (`text/plain; version=0.0.4`)',
    content: {
      'text/plain': {
        example:
          '# TYPE aas_http_request_duration_seconds histogram\naas_http_request_duration_seconds_count{method="GET",route="/v2/datasets",status_code="200"} 42\n',
      },
    },
  })
  @ApiProblems([401, 'METRICS_TOKEN is set and the request did not send it as a bearer token'])
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!metricsAuthorized(req.headers.authorization, this.config.METRICS_TOKEN)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="aas-metrics"');
      throw ProblemException.unauthorized('This endpoint needs the metrics token (METRICS_TOKEN) as a bearer token');
    }
    const { contentType, body } = await this.metrics.exposition();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  }
}
