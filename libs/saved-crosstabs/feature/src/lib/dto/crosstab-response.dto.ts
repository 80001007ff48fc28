import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import { SavedCrosstabAvgInput } from './crosstab-request.dto';

/** A crosstab audience as stored and answered: id, name and full_name always present. */
export class SavedCrosstabAudience {
  @ApiProperty({ description: "The client's id, or a generated UUID" }) id!: string;
  @ApiProperty({ description: "The client's name, or one generated from the expression" }) name!: string;
  @ApiProperty({ description: "The client's full name, or one generated from the expression" }) full_name!: string;

  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('crosstab') }], description: 'Saved-crosstab form, canonical member order' })
  expression!: unknown;

  @ApiPropertyOptional({ type: SavedCrosstabAvgInput, description: 'Present when the client sent one' })
  avg?: unknown;
}

export class SavedCrosstabGeneratedLabels {
  @ApiProperty({ type: 'integer' }) rows!: number;
  @ApiProperty({ type: 'integer' }) columns!: number;
  @ApiProperty({ type: 'integer' }) bases!: number;
}

/** Platform metadata (`metadata`), computed by the service on every write. */
export class SavedCrosstabMetadata {
  @ApiProperty({ type: 'integer' }) row_count!: number;
  @ApiProperty({ type: 'integer' }) column_count!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Cells the crosstab computes: max(rows, 1) x max(columns, 1), since a missing side is the base',
  })
  cell_count!: number;

  @ApiProperty({ type: [String], example: ['core'], description: 'Datasets touched by the expressions and avg questions of rows, columns and bases, sorted' })
  datasets!: string[];

  @ApiProperty({
    type: SavedCrosstabGeneratedLabels,
    description: 'Per side, how many audiences got a generated name or full_name (the client left it out)',
  })
  generated_labels!: SavedCrosstabGeneratedLabels;
}

/** A saved crosstab (project) as the API answers it. */
export class SavedCrosstabResponse {
  @ApiProperty({ format: 'uuid' }) uuid!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The creator (from the token of the POST); kept by PUT/PATCH' }) user_id!: number | null;
  @ApiProperty({ description: 'The owning organisation (from the token)' }) org_id!: string;
  @ApiProperty({ type: [SavedCrosstabAudience] }) rows!: SavedCrosstabAudience[];
  @ApiProperty({ type: [SavedCrosstabAudience] }) columns!: SavedCrosstabAudience[];
  @ApiProperty({ type: [String] }) country_codes!: string[];
  @ApiProperty({ type: [String] }) wave_codes!: string[];
  @ApiProperty({ type: SavedCrosstabAudience, nullable: true, description: 'null: every respondent' }) bases!: SavedCrosstabAudience | null;
  @ApiProperty({ format: 'date-time', example: '2025-11-21T10:15:30.123Z', description: 'ISO 8601, UTC' }) created_at!: string;
  @ApiProperty({ format: 'date-time', example: '2025-11-21T10:15:30.123Z', description: 'ISO 8601, UTC; send it back as last_updated_at' })
  updated_at!: string;
  @ApiProperty() notes!: string;
  @ApiProperty({ type: SavedCrosstabMetadata }) metadata!: SavedCrosstabMetadata;
}

export class SavedCrosstabPaging {
  @ApiProperty({ type: 'integer', example: 50 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
  @ApiProperty({ type: 'integer', description: "Your organisation's projects, over all pages" }) total!: number;
}

export class SavedCrosstabListResponse {
  @ApiProperty({ type: [SavedCrosstabResponse], description: 'Ordered by updated_at descending, then uuid ascending' })
  data!: SavedCrosstabResponse[];

  @ApiProperty({ type: SavedCrosstabPaging }) paging!: SavedCrosstabPaging;
}
