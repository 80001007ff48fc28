import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ImportFileResponse {
  @ApiProperty({ example: 'tracker.sav', description: "The uploaded file's name (without any directory)" }) name!: string;
  @ApiProperty({ enum: ['sav', 'csv'], description: 'Read as an SPSS system file or a CSV export, by the name' }) format!: 'sav' | 'csv';
  @ApiProperty({ type: 'integer', example: 444649 }) bytes!: number;
}

export class ImportProgressResponse {
  @ApiProperty({ enum: ['read', 'write'], nullable: true, description: '`read`: checking the rows against the mapping; `write`: writing partitions' })
  phase!: 'read' | 'write' | null;
  @ApiProperty({ type: 'integer', example: 2400 }) rows_read!: number;
  @ApiProperty({ type: 'integer', example: 12 }) partitions_written!: number;
  @ApiProperty({ type: 'integer', example: 12, description: 'Known once the file is read' }) partitions_total!: number;
}

export class ImportIssueResponse {
  @ApiProperty({ enum: ['error', 'warning'], description: 'An error stops the import; a warning does not' }) severity!: 'error' | 'warning';
  @ApiProperty({ example: 'unknown-wave', description: 'What kind of problem (libs/survey-import/domain/README.md lists them)' }) code!: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'wave', description: 'The variable concerned (null: the mapping as a whole)' })
  variable!: string | null;
  @ApiProperty({ example: 'values the mapping does not name as a wave' }) message!: string;
  @ApiProperty({ type: 'integer', description: 'Rows affected (0 for the mapping or a whole variable)' }) count!: number;
  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: 'The first rows affected (1-based, header not counted)' }) rows!: number[];
  @ApiPropertyOptional({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] }, description: 'A few of the offending values' })
  values?: (string | number)[];
}

export class ImportPartitionResponse {
  @ApiProperty({ example: 'tracker' }) dataset!: string;
  @ApiProperty({ example: 'q1_2025' }) wave!: string;
  @ApiProperty({ example: 'gb' }) location!: string;
  @ApiProperty({ type: 'integer', example: 200 }) respondents!: number;
  @ApiProperty({ type: 'number', example: 200.5 }) weight_sum!: number;
}

export class ImportCountedValueResponse {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }], example: 99 }) value!: string | number;
  @ApiPropertyOptional({ example: 'Ne sait pas', description: "The value's label in the file" }) label?: string;
  @ApiProperty({ type: 'integer', example: 221 }) count!: number;
}

/** One variable of the file: what it became, and what of it was kept, left out and why, with counts. */
export class ImportVariableResponse {
  @ApiProperty({ example: 'q2' }) variable!: string;
  @ApiProperty({ example: 'Satisfaction' }) label!: string;
  @ApiProperty({ enum: ['question', 'respondent-id', 'weight', 'wave', 'location', 'ignored', 'unmapped'] }) use!: string;
  @ApiPropertyOptional({ example: 'satisfaction', description: 'The question it answers (use `question`)' }) question?: string;
  @ApiProperty({ type: 'integer', description: 'Rows holding a value' }) with_value!: number;
  @ApiProperty({ type: 'integer', description: 'Rows whose value became an answer' }) answered!: number;
  @ApiProperty({ type: 'integer', description: 'Rows holding a value meaning "not selected" (asked, no answer kept)' }) not_selected!: number;
  @ApiProperty({ type: 'integer', description: 'Rows system-missing or empty (for a question: not asked)' }) system_missing!: number;
  @ApiProperty({ type: 'integer', description: 'Rows holding a value declared missing: no answer, though asked' }) missing_rows!: number;
  @ApiProperty({ type: [ImportCountedValueResponse], description: 'Those values, most frequent first (at most 20)' }) missing!: ImportCountedValueResponse[];
  @ApiProperty({ type: 'integer', description: 'Rows holding a value the mapping has no datapoint for: left out' }) left_out_rows!: number;
  @ApiProperty({ type: [ImportCountedValueResponse], description: 'Those values, most frequent first (at most 20)' }) left_out!: ImportCountedValueResponse[];
}

/** The validation report of the file against its mapping (the report `npm run import` prints). */
export class ImportReportResponse {
  @ApiProperty({ description: 'No error: the file could be written' }) ok!: boolean;
  @ApiProperty({ type: 'integer' }) rows_read!: number;
  @ApiProperty({ type: 'integer' }) respondents!: number;
  @ApiProperty({ type: [String], description: 'Variables the mapping neither uses nor ignores (also warnings)' }) unmapped!: string[];
  @ApiProperty({ type: [ImportIssueResponse] }) issues!: ImportIssueResponse[];
  @ApiProperty({ type: [ImportVariableResponse], description: 'Every variable of the file, in file order' }) variables!: ImportVariableResponse[];
  @ApiProperty({ type: [ImportPartitionResponse], description: 'Dataset x wave x location, as the file fills them' }) partitions!: ImportPartitionResponse[];
}

export class ImportRequesterResponse {
  @ApiProperty({ example: 'ops' }) org!: string;
  @ApiProperty({ type: 'integer', example: 1 }) user!: number;
}

/** An uploaded survey import: where it stands, and how it ended. */
export class ImportResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    enum: ['queued', 'running', 'succeeded', 'failed'],
    description:
      '`queued`: stored, waiting for a worker; `running`; `succeeded`: the data is in, as `data_version`; ' +
      '`failed`: nothing changed (see `report` and `errors`)',
  })
  status!: 'queued' | 'running' | 'succeeded' | 'failed';
  @ApiProperty({ enum: ['replace', 'append'] }) mode!: 'replace' | 'append';
  @ApiProperty({ type: ImportFileResponse }) file!: ImportFileResponse;
  @ApiProperty({ type: ImportProgressResponse }) progress!: ImportProgressResponse;
  @ApiProperty({ type: 'integer', description: 'Tries so far: a second one means a worker died during the first' }) attempts!: number;
  @ApiProperty({ type: ImportReportResponse, nullable: true, description: 'Once the file was read against its mapping' })
  report!: ImportReportResponse | null;
  @ApiProperty({
    type: [String],
    description: 'What stopped a failed import besides the errors of its report (a catalogue conflict, an unreadable file, a lost job)',
  })
  errors!: string[];
  @ApiProperty({ type: 'string', nullable: true, example: 'tracker', description: 'The dataset written (succeeded)' }) dataset!: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '1795385633303', description: 'The data version the import created (succeeded)' })
  data_version!: string | null;
  @ApiProperty({ type: ImportRequesterResponse }) requested_by!: ImportRequesterResponse;
  @ApiProperty({ format: 'date-time', description: 'ISO 8601, UTC' }) created_at!: string;
  @ApiProperty({ format: 'date-time', description: 'ISO 8601, UTC; changes at least every 5 s while it runs' }) updated_at!: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finished_at!: string | null;
}

export class ImportEnvelope {
  @ApiProperty({ type: ImportResponse }) data!: ImportResponse;
}
