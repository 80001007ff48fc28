import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InsightsFilterDto } from './insights-filter.dto';
import { InsightListResponse } from './insights-response.dto';
import { InsightsRepository } from './insights.repository';

@ApiTags('insights')
@Controller('v3/insights')
export class InsightsController {
  constructor(private readonly insights: InsightsRepository) {}

  @Post('filter')
  @HttpCode(200)
  @ApiOperation({ operationId: 'filterInsights', summary: 'Published insights, filtered, ordered (stable: ties by id) and paged' })
  @ApiBody({
    type: InsightsFilterDto,
    examples: { 'trending reports, most popular first': { value: { filters: { is_trending: true, types: ['report'] }, order_by: 'popularity', limit: 5 } } },
  })
  @ApiOkResponse({ type: InsightListResponse, description: 'One page of insights; total counts every match' })
  async filter(@Body() body: InsightsFilterDto): Promise<InsightListResponse> {
    const limit = body.limit ?? 10;
    const offset = body.offset ?? 0;
    const order = body.order ?? 'desc';
    const orderBy = body.order_by ?? 'published_at';
    const { rows, total } = await this.insights.filter({
      categories: body.filters?.categories,
      isTrending: body.filters?.is_trending,
      types: body.filters?.types,
      limit,
      offset,
      order,
      orderBy,
    });
    return {
      insights: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        type: r.type,
        category_ids: r.category_ids,
        is_trending: r.is_trending,
        popularity: r.popularity,
        published_at: new Date(r.published_at).toISOString(),
        images: r.images,
      })),
      limit,
      offset,
      order,
      order_by: orderBy,
      total,
    };
  }
}
