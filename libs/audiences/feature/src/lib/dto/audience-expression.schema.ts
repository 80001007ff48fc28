import { ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of the standard expression form (spec 2.1); validation is the parser's. */
export class AudienceExpressionSchema {
  @ApiPropertyOptional({ type: () => [AudienceExpressionSchema], description: 'All sub-expressions (non-empty)' })
  and?: AudienceExpressionSchema[];

  @ApiPropertyOptional({ type: () => [AudienceExpressionSchema], description: 'Any sub-expression (non-empty)' })
  or?: AudienceExpressionSchema[];

  @ApiPropertyOptional({ description: 'Negates this node' })
  not?: boolean;

  @ApiPropertyOptional({ example: 'gender', description: 'Question code, or <namespace_code>.<code>' })
  question?: string;

  @ApiPropertyOptional({ type: [String], example: ['female'], description: 'Datapoint codes of the question' })
  datapoints?: string[];

  @ApiPropertyOptional({ type: [String], example: ['1'], description: 'Suffix codes of the question' })
  suffixes?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Minimum number of the datapoints matched' })
  min_count?: number;
}
