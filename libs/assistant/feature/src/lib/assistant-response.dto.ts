import { ApiProperty } from '@nestjs/swagger';
import { expressionSchemaRef } from '@aas/audience-expression-domain';

/* OpenAPI description of what the assistant answers (`ChatResponse` of assistant-chat.usecase.ts). */

export class CodeName {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
}

export class ChatInsightRef {
  @ApiProperty({ format: 'uuid', description: 'Read it with GET /v1/assistant-api/generic/insights/{id}' }) id!: string;
  @ApiProperty({ description: 'The insight as a sentence' }) text!: string;
}

export class ChatSourceAudience {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
}

export class ChatSources {
  @ApiProperty({ type: [String], description: 'Question names' }) topics!: string[];
  @ApiProperty({ type: [ChatSourceAudience] }) audiences!: ChatSourceAudience[];
  @ApiProperty({ type: [CodeName] }) datasets!: CodeName[];
  @ApiProperty({ type: [CodeName] }) locations!: CodeName[];
  @ApiProperty({ type: [CodeName] }) waves!: CodeName[];
}

export class ChatAnswer {
  @ApiProperty({ description: 'The answer; every number in it is computed by the crosstab engine for this request' }) message!: string;
  @ApiProperty({ format: 'uuid', description: 'Send it back as chat_id to follow up' }) chat_id!: string;
  @ApiProperty({ type: [ChatInsightRef], description: 'Empty when the prompt could not be grounded (the message says why)' }) insights!: ChatInsightRef[];
  @ApiProperty({ type: ChatSources }) sources!: ChatSources;
}

export class InsightMetrics {
  @ApiProperty() audience_percentage!: number;
  @ApiProperty() base_percentage!: number;
  @ApiProperty() index!: number;
  @ApiProperty({ type: 'integer' }) audience_sample!: number;
  @ApiProperty() audience_size!: number;
  @ApiProperty({ type: 'integer' }) positive_sample!: number;
  @ApiProperty() positive_size!: number;
  @ApiProperty({ type: 'integer' }) base_sample!: number;
  @ApiProperty() base_size!: number;
  @ApiProperty({ description: 'Fewer than 50 respondents' }) low_base!: boolean;
  @ApiProperty({ description: 'Fewer than 30 respondents' }) unreliable!: boolean;
}

export class InsightAttribute {
  @ApiProperty() question!: string;
  @ApiProperty() question_name!: string;
  @ApiProperty() datapoint!: string;
  @ApiProperty() datapoint_name!: string;
  @ApiProperty({ type: 'string', nullable: true }) suffix!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) suffix_name!: string | null;
  @ApiProperty({
    required: false,
    description:
      'The engine column exactly as computed; for non-users or combined answers ("both X and Y") it is not the single datapoint above (absent on insights stored before it was recorded)',
    allOf: [{ $ref: expressionSchemaRef('standard') }],
  })
  expression?: unknown;
}

export class InsightAudience {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('standard') }] }) expression!: unknown;
}

export class InsightBaseAudience {
  @ApiProperty() name!: string;
  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('standard') }] }) expression!: unknown;
}

export class InsightComputedFrom {
  @ApiProperty({ type: [InsightAttribute] }) attributes!: InsightAttribute[];
  @ApiProperty({ type: [InsightAudience] }) audiences!: InsightAudience[];
  @ApiProperty({ type: [CodeName] }) locations!: CodeName[];
  @ApiProperty({ type: [CodeName] }) waves!: CodeName[];
  @ApiProperty({ type: [CodeName] }) datasets!: CodeName[];
  @ApiProperty({ type: InsightBaseAudience }) base_audience!: InsightBaseAudience;
}

export class InsightDetails {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) chat_id!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ type: InsightMetrics }) metrics!: InsightMetrics;
  @ApiProperty({ type: InsightComputedFrom, description: 'Everything needed to recompute it with POST /v2/query/crosstab' })
  computed_from!: InsightComputedFrom;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
