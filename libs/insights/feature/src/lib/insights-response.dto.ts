import { ApiProperty } from '@nestjs/swagger';
import { INSIGHT_ORDER_BY, INSIGHT_TYPES } from './insights-filter.dto';

export class InsightImage {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ description: 'The cover image' }) is_main!: boolean;
  @ApiProperty({ example: '/insights/1/images/10/page-preview-thumb.png' }) page_preview_thumb_path!: string;
  @ApiProperty({ example: '/insights/1/images/10/page-thumb.png' }) page_thumb_path!: string;
  @ApiProperty({ example: '/insights/1/images/10/thumb.png' }) thumb_path!: string;
}

export class Insight {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: INSIGHT_TYPES }) type!: string;
  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: 'The categories it is filed under' }) category_ids!: number[];
  @ApiProperty() is_trending!: boolean;
  @ApiProperty() popularity!: number;
  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z', description: 'ISO 8601, UTC' }) published_at!: string;
  @ApiProperty({ type: [InsightImage] }) images!: InsightImage[];
}

export class InsightListResponse {
  @ApiProperty({ type: [Insight] }) insights!: Insight[];
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
  @ApiProperty({ enum: ['asc', 'desc'] }) order!: string;
  @ApiProperty({ enum: INSIGHT_ORDER_BY }) order_by!: string;
  @ApiProperty({ type: 'integer', description: 'Every match, over all pages' }) total!: number;
}
