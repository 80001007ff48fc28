import { ApiPropertyOptional } from '@nestjs/swagger';

/**
 * OpenAPI description of the saved-crosstab expression form (spec 2.1): `qustion` (spelled as
 * the spec spells it), `options` for datapoints, integer suffixes. Validation is the parser's.
 */
export class SavedCrosstabExpressionSchema {
  @ApiPropertyOptional({ type: () => [SavedCrosstabExpressionSchema], description: 'All sub-expressions (non-empty)' })
  and?: SavedCrosstabExpressionSchema[];

  @ApiPropertyOptional({ type: () => [SavedCrosstabExpressionSchema], description: 'Any sub-expression (non-empty)' })
  or?: SavedCrosstabExpressionSchema[];

  @ApiPropertyOptional({ description: 'Negates this node' })
  not?: boolean;

  @ApiPropertyOptional({ example: 'gender', description: 'Question code, or <namespace_code>.<code> (the member is spelled `qustion`)' })
  qustion?: string;

  @ApiPropertyOptional({ type: [String], example: ['female'], description: 'Datapoint codes of the question' })
  options?: string[];

  @ApiPropertyOptional({ type: [Number], example: [1], description: 'Suffix codes of the question, as integers' })
  suffixes?: number[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Minimum number of the options matched' })
  min_count?: number;
}
