import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { expressionSchemaRef } from '@aas/audience-expression';

const ZERO_REASONS = ['empty-base', 'empty-row', 'empty-column', 'no-variance'];

/* OpenAPI description of one element of the crosstab stream (`WireCrosstabCell`). */
export class CrosstabCellSide {
  @ApiProperty({ description: "The audience's id as sent, else `rows-<n>` / `columns-<n>` (`base` for the base audience)" }) id!: string;
  @ApiProperty({ description: 'The name sent, else a label made from the expression with the catalogue names' }) name!: string;
  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('standard') }], description: 'The expression, standard form' }) expression!: unknown;
}

export class CrosstabAudienceMetrics {
  @ApiProperty({ description: 'The audience id' }) audience!: string;
  @ApiProperty({ description: 'Weighted size' }) size!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents' }) sample!: number;
  @ApiProperty({ description: 'size / base size x 100' }) percentage!: number;
  @ApiProperty({ description: 'intersect size / this side size x 100' }) intersect_percentage!: number;
}

export class CrosstabCellAudiences {
  @ApiProperty({ type: CrosstabAudienceMetrics }) row!: CrosstabAudienceMetrics;
  @ApiProperty({ type: CrosstabAudienceMetrics }) column!: CrosstabAudienceMetrics;
}

export class CrosstabSizeSample {
  @ApiProperty({ description: 'Weighted size' }) size!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents' }) sample!: number;
}

export class CrosstabIntersect extends CrosstabSizeSample {
  @ApiProperty({ description: 'intersect / base x 100' }) percentage!: number;
  @ApiProperty({ description: 'intersect x base / (row x column) x 100' }) index!: number;
}

export class CrosstabCellFlags {
  @ApiProperty({ description: 'Fewer than 50 respondents in the intersect' }) low_base!: boolean;
  @ApiProperty({ description: 'Fewer than 30 respondents in the intersect' }) unreliable!: boolean;
}

export class CrosstabEffectiveBases {
  @ApiProperty() base!: number;
  @ApiProperty() row!: number;
  @ApiProperty() column!: number;
  @ApiProperty() intersect!: number;
}

export class CrosstabSignificance {
  @ApiProperty({ description: 'z statistic (0 when it cannot be computed; see reason)' }) z!: number;
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty() significant!: boolean;
  @ApiProperty({ type: 'string', enum: ['over', 'under'], nullable: true }) direction!: 'over' | 'under' | null;
  @ApiPropertyOptional({ enum: ZERO_REASONS }) reason?: string;
}

@ApiSchema({ name: 'CrosstabCell', description: 'One row x column intersection' })
export class CrosstabCellSchema {
  @ApiProperty({ type: CrosstabCellSide }) row!: CrosstabCellSide;
  @ApiProperty({ type: 'integer', minimum: 0, description: '1-based position in `rows`; 0 when the base stood in for a missing side' }) row_index!: number;
  @ApiProperty({ type: CrosstabCellSide }) column!: CrosstabCellSide;
  @ApiProperty({ type: 'integer', minimum: 0, description: '1-based position in `columns`; 0 when the base stood in for a missing side' })
  column_index!: number;
  @ApiProperty({ type: CrosstabCellAudiences }) audiences!: CrosstabCellAudiences;
  @ApiProperty({ type: CrosstabSizeSample }) base!: CrosstabSizeSample;
  @ApiProperty({ type: CrosstabIntersect }) intersect!: CrosstabIntersect;
  @ApiProperty({ type: CrosstabCellFlags }) flags!: CrosstabCellFlags;
  @ApiProperty({ isArray: true, enum: ZERO_REASONS, description: 'Why some metrics are 0 by definition (a zero denominator)' }) reasons!: string[];
  @ApiPropertyOptional({ type: CrosstabEffectiveBases, description: 'With `effective_base=true`: Kish effective bases' })
  effective_base?: CrosstabEffectiveBases;
  @ApiPropertyOptional({ type: CrosstabSignificance, description: 'With `significance`: the two-proportion z-test' }) significance?: CrosstabSignificance;
}
