import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { expressionSchemaRef } from '@aas/audience-expression-domain';

const ZERO_REASONS = ['empty-base', 'empty-row', 'empty-column', 'no-variance'];

/* OpenAPI description of one element of the crosstab stream (`WireCrosstabCell`). */
export class CrosstabCellSide {
  @ApiProperty({ description: "The audience's id as sent, else `rows-<n>` / `columns-<n>` (`base` for the base audience)" }) id!: string;
  @ApiProperty({ description: 'The name sent, else a label made from the expression with the catalogue names' }) name!: string;
  @ApiProperty({
    allOf: [{ $ref: expressionSchemaRef('standard') }],
    description: 'The expression, standard form (an average item without one: who gave one of its answers)',
  })
  expression!: unknown;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'An average item: its `avg` as sent' }) avg?: unknown;
  @ApiPropertyOptional({ example: 'A', description: 'With `test=columns`, on the column: its letter (A, B, ... in request order)' }) letter?: string;
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

@ApiSchema({ name: 'CrosstabSignificance', description: 'The default test: the column against the whole base' })
export class CrosstabSignificance {
  @ApiProperty({ description: 'z statistic (0 when it cannot be computed; see reason)' }) z!: number;
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty() significant!: boolean;
  @ApiProperty({ type: 'string', enum: ['over', 'under'], nullable: true }) direction!: 'over' | 'under' | null;
  @ApiPropertyOptional({ enum: ZERO_REASONS }) reason?: string;
}

@ApiSchema({ name: 'CrosstabColumnTest', description: '`test=columns`: the columns of the row this cell is significantly higher than (SPSS CTABLES)' })
export class CrosstabColumnTest {
  @ApiProperty({ enum: ['columns'] }) test!: 'columns';
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty({ type: [String], example: ['B', 'D'], description: 'Letters of the columns of this row whose estimate this cell exceeds significantly' })
  higher_than!: string[];
  @ApiProperty({ description: "Design-based standard error of the cell's estimate: its column % as a share, or its mean in an average row" })
  std_error!: number;
  @ApiProperty({ description: 'The |z| a difference had to exceed (Bonferroni-adjusted with `bonferroni=true`)' }) critical!: number;
  @ApiPropertyOptional({ enum: ZERO_REASONS }) reason?: string;
}

@ApiSchema({ name: 'CrosstabComplementTest', description: '`test=complement`: the column against the rest of the base' })
export class CrosstabComplementTest {
  @ApiProperty({ enum: ['complement'] }) test!: 'complement';
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty({ description: 'z statistic (0 when it cannot be computed; see reason)' }) z!: number;
  @ApiProperty() significant!: boolean;
  @ApiProperty({ type: 'string', enum: ['over', 'under'], nullable: true }) direction!: 'over' | 'under' | null;
  @ApiProperty({ description: "Design-based standard error of the cell's estimate" }) std_error!: number;
  @ApiPropertyOptional({ enum: ZERO_REASONS }) reason?: string;
}

export class CrosstabAverage {
  @ApiProperty({ description: "Weighted mean of the answers' midpoints over the cell's respondents who gave one" }) value!: number;
  @ApiProperty({ description: 'Weighted standard deviation, weights read as frequencies (as SPSS and PSPP print it)' }) std_dev!: number;
  @ApiProperty({ description: 'Design-based (linearised) standard error of the mean, weights-only design' }) std_error!: number;
  @ApiProperty({ description: 'Weighted size of those who gave an answer (mean of per-wave sums)' }) size!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents who gave an answer' }) sample!: number;
  @ApiPropertyOptional({ enum: ['no-answers'] }) reason?: string;
}

export class CrosstabTrend {
  @ApiProperty({ description: 'The previous wave' }) previous!: string;
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty({ description: 'z of this wave against the previous one (0 when it cannot be computed; see reason)' }) z!: number;
  @ApiProperty() significant!: boolean;
  @ApiProperty({ type: 'string', enum: ['up', 'down'], nullable: true }) direction!: 'up' | 'down' | null;
  @ApiPropertyOptional({ enum: ZERO_REASONS }) reason?: string;
}

@ApiSchema({ name: 'CrosstabCell', description: 'One row x column intersection' })
@ApiExtraModels(CrosstabSignificance, CrosstabColumnTest, CrosstabComplementTest)
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
  @ApiPropertyOptional({
    // anyOf: the default test's object has no `test` member, so its members are a subset of the complement test's.
    anyOf: [{ $ref: getSchemaPath(CrosstabSignificance) }, { $ref: getSchemaPath(CrosstabColumnTest) }, { $ref: getSchemaPath(CrosstabComplementTest) }],
    description:
      'With `significance` or `test`: the test (docs/metrics.md#significance). `test=base` (the default): two-proportion z against the whole base; ' +
      '`columns`: letters; `complement`: against the rest of the base. In an average row, means are compared',
  })
  significance?: CrosstabSignificance | CrosstabColumnTest | CrosstabComplementTest;
  @ApiPropertyOptional({ type: CrosstabAverage, description: "A cell of an average item (the row's when both are): its mean" }) average?: CrosstabAverage;
  @ApiPropertyOptional({ description: 'With `split=wave`: the wave of this cell' }) wave?: string;
  @ApiPropertyOptional({ type: CrosstabTrend, description: 'With `split=wave`, from the second wave: this cell against the previous wave' })
  trend?: CrosstabTrend;
}
