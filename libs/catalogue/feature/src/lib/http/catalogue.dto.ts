import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

export class V3IncludeDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() categories?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() datapoints?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() taxonomy_paths?: boolean;
}

export class V3QuestionRefDto {
  @ApiProperty({ example: 'core' }) @IsString() @MinLength(1) @MaxLength(100) namespace_code!: string;
  @ApiProperty({ example: 'gender' }) @IsString() @MinLength(1) @MaxLength(100) question!: string;
}

export class V3QuestionsFilterDto {
  @ApiPropertyOptional({ type: V3IncludeDto }) @IsOptional() @ValidateNested() @Type(() => V3IncludeDto) include?: V3IncludeDto;

  @ApiPropertyOptional({ type: [V3QuestionRefDto], description: 'Questions to return; absent or empty: every question' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => V3QuestionRefDto)
  questions?: V3QuestionRefDto[];
}

export class V2IncludeDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() categories?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() datapoints?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() datasets?: boolean;
}

export class V2QuestionRefDto {
  @ApiProperty({ example: 'gender' }) @IsString() @MinLength(1) @MaxLength(100) code!: string;
  @ApiProperty({ example: 'core' }) @IsString() @MinLength(1) @MaxLength(100) namespace_code!: string;
}

export class V2QuestionsFilterDto {
  @ApiPropertyOptional({ type: V2IncludeDto }) @IsOptional() @ValidateNested() @Type(() => V2IncludeDto) include?: V2IncludeDto;

  @ApiPropertyOptional({ type: [V2QuestionRefDto], description: 'Questions to return; absent or empty: every question' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => V2QuestionRefDto)
  questions?: V2QuestionRefDto[];
}

export class QuestionSearchQueryDto {
  @ApiProperty({ description: 'Words to find in question and datapoint names and descriptions', example: 'tiktok daily' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  q!: string;

  @ApiPropertyOptional({ type: 'integer', default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

export const QUESTION_PATH_PATTERN = /^[a-z0-9_-]+\.[a-z0-9_]+$/;

export class QuestionPathDto {
  @ApiProperty({ example: 'core.gender', description: '`<namespace_code>.<code>`' })
  @Matches(QUESTION_PATH_PATTERN, { message: 'question_code must be of the form <namespace_code>.<code>' })
  question_code!: string;
}
