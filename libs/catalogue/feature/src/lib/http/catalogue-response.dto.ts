import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/* OpenAPI description of what `catalogue.presenter.ts` answers (docs/api-guide.md#catalogue). */

export class CatalogueDataset {
  @ApiProperty({ example: 'core' }) code!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() base_namespace_code!: string;
  @ApiProperty({ type: 'integer' }) depth!: number;
  @ApiProperty({ type: 'integer' }) order!: number;
  @ApiProperty() is_syndicated!: boolean;
}

/** A category without its relations. */
export class CategorySummary {
  @ApiProperty({ example: '12', description: 'The category id, as a string' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'integer' }) order!: number;
}

export class NumericValue {
  @ApiProperty() value!: number;
}

/** A datapoint or a suffix of a question. */
export class CatalogueCode {
  @ApiProperty({ example: 'female' }) code!: string;
  @ApiProperty({ example: 'Female' }) name!: string;
  @ApiPropertyOptional({ description: 'Datapoints only: whether your organisation may use the question' }) accessible?: boolean;
  @ApiProperty({
    type: NumericValue,
    nullable: true,
    description: 'The value a numeric-range answer stands for (hours, income...); null for other answers',
  })
  midpoint!: NumericValue | null;
  @ApiProperty({ type: NumericValue, description: 'Display order' }) order!: NumericValue;
}

/** A dataset of a taxonomy path: only `code` when the catalogue no longer has it. */
export class TaxonomyDataset {
  @ApiProperty() code!: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional() base_namespace_code?: string;
  @ApiPropertyOptional({ type: 'integer' }) depth?: number;
  @ApiPropertyOptional({ type: 'integer' }) order?: number;
  @ApiPropertyOptional() is_syndicated?: boolean;
}

export class TaxonomyPath {
  @ApiProperty({ type: TaxonomyDataset }) dataset!: TaxonomyDataset;
  @ApiProperty({ type: [CategorySummary], description: 'Root first, the category itself last' }) categories_lineage!: CategorySummary[];
}

/** A question with its wire members; the optional members are there when `include` asks for them. */
export class CatalogueQuestion {
  @ApiProperty({ example: 'gender' }) code!: string;
  @ApiProperty({ example: 'core' }) namespace_code!: string;
  @ApiProperty({ example: 'Gender' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Whether your organisation may use the question (its dataset is licensed)' }) accessible!: boolean;
  @ApiProperty({ type: 'integer', description: 'Datapoints x suffixes (x 1 without suffixes)' }) attribute_count!: number;
  @ApiProperty({ type: 'integer' }) order!: number;
  @ApiProperty({ description: "The unit of a numeric question's midpoints, else ''" }) unit!: string;
  @ApiProperty({ type: [String] }) flags!: string[];
  @ApiProperty() knowledge_base!: string;
  @ApiProperty() message!: string;
  @ApiProperty() notice!: string;
  @ApiProperty() warning!: string;
  @ApiPropertyOptional({ type: [CategorySummary], description: 'include.categories' }) categories?: CategorySummary[];
  @ApiPropertyOptional({ type: [CatalogueCode], description: 'include.datapoints, by order' }) datapoints?: CatalogueCode[];
  @ApiPropertyOptional({ type: [CatalogueCode], description: 'With the datapoints, by order' }) suffixes?: CatalogueCode[];
  @ApiPropertyOptional({ type: [CatalogueDataset], description: 'include.datasets: the datasets that ask the question' }) datasets?: CatalogueDataset[];
  @ApiPropertyOptional({ type: [TaxonomyPath], description: 'include.taxonomy_paths: one per category the question is filed under' })
  taxonomy_paths?: TaxonomyPath[];
}

export class QuestionListResponse {
  @ApiProperty({ type: [CatalogueQuestion] }) questions!: CatalogueQuestion[];
}

export class QuestionResponse {
  @ApiProperty({ type: CatalogueQuestion }) question!: CatalogueQuestion;
}

export class MatchedDatapoint {
  @ApiProperty() code!: string;
  @ApiProperty() name!: string;
}

export class QuestionSearchHit extends CatalogueQuestion {
  @ApiProperty({ description: 'Relevance; higher first' }) score!: number;
  @ApiProperty({ type: [MatchedDatapoint], description: 'The datapoints whose words matched' }) matched_datapoints!: MatchedDatapoint[];
}

export class QuestionSearchResponse {
  @ApiProperty({ type: [QuestionSearchHit] }) questions!: QuestionSearchHit[];
  @ApiProperty({ type: 'integer', description: 'Matches over all pages' }) total!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
}

export class DescendantAttribute {
  @ApiProperty() datapoint_code!: string;
  @ApiProperty() datapoint_name!: string;
  @ApiProperty() namespace_code!: string;
  @ApiProperty() question_code!: string;
  @ApiProperty() question_name!: string;
  @ApiProperty({ description: "'' for a question without suffixes" }) suffix_code!: string;
  @ApiProperty({ description: "'' for a question without suffixes" }) suffix_name!: string;
}

/** A category with the relations `include` asks for; `taxonomy_paths` always. */
export class CatalogueCategory extends CategorySummary {
  @ApiPropertyOptional({ type: [CategorySummary], description: 'include=children' }) child_categories?: CategorySummary[];
  @ApiPropertyOptional({ type: [CatalogueQuestion], description: 'include=children: the questions filed directly under it' })
  child_questions?: CatalogueQuestion[];
  @ApiPropertyOptional({ type: [CategorySummary], description: 'include=lineage: its ancestors, root first' }) lineage?: CategorySummary[];
  @ApiPropertyOptional({ type: 'integer', description: 'include=attribute_count: attributes of every question beneath' }) attribute_count?: number;
  @ApiPropertyOptional({ type: [CatalogueDataset], description: 'include=datasets' }) datasets?: CatalogueDataset[];
  @ApiPropertyOptional({ type: [DescendantAttribute], description: 'include=descendant_attributes: every attribute beneath' })
  descendant_attributes?: DescendantAttribute[];
  @ApiProperty({ type: [TaxonomyPath] }) taxonomy_paths!: TaxonomyPath[];
}

export class CategoryResponse {
  @ApiProperty({ type: CatalogueCategory }) category!: CatalogueCategory;
}

export class DatasetWithAccess extends CatalogueDataset {
  @ApiProperty({ description: 'Whether your organisation licenses it' }) accessible!: boolean;
  @ApiProperty({ type: [CategorySummary], description: 'Its root categories' }) child_categories!: CategorySummary[];
}

export class DatasetListResponse {
  @ApiProperty({ type: [DatasetWithAccess] }) datasets!: DatasetWithAccess[];
}

export class CatalogueLocation {
  @ApiProperty({ example: 'gb' }) code!: string;
  @ApiProperty({ example: 'United Kingdom' }) name!: string;
  @ApiProperty({ example: 'Europe' }) region!: string;
  @ApiProperty({ description: 'Whether your organisation licenses it' }) accessible!: boolean;
}

export class LocationListResponse {
  @ApiProperty({ type: [CatalogueLocation] }) locations!: CatalogueLocation[];
}

export class CatalogueWave {
  @ApiProperty({ example: 'q3_2026' }) code!: string;
  @ApiProperty({ example: 'Q3 2026' }) name!: string;
  @ApiProperty({ enum: ['quarter'] }) kind!: string;
  @ApiProperty({ format: 'date', example: '2026-07-01', description: 'First day (inclusive)' }) start_date!: string;
  @ApiProperty({ format: 'date', example: '2026-09-30', description: 'Last day (inclusive)' }) end_date!: string;
  @ApiProperty({ description: 'Whether your organisation licenses it' }) accessible!: boolean;
}

export class WaveListResponse {
  @ApiProperty({ type: [CatalogueWave], description: 'Oldest first' }) waves!: CatalogueWave[];
}
