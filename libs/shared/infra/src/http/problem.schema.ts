import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI description of the service's one error body. */
export class ProblemFieldErrorSchema {
  @ApiProperty({ example: '/rows/3/expression/and/0', description: 'JSON pointer to the offending member' })
  path!: string;

  @ApiProperty({ example: "unknown member 'colour' is not allowed" })
  message!: string;
}

export class ProblemSchema {
  @ApiProperty({ example: 'urn:aas:problem:validation', description: 'Stable identifier of the kind of problem' })
  type!: string;

  @ApiProperty({ example: 'Bad Request' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'The request is invalid: /name' })
  detail!: string;

  @ApiPropertyOptional({ example: '/v2/saved/audiences' })
  instance?: string;

  @ApiPropertyOptional({ example: '3f1c0d9e-4b5a-4c1e-9f7e-1a2b3c4d5e6f', description: 'Also in the x-request-id header' })
  request_id?: string;

  @ApiPropertyOptional({ type: [ProblemFieldErrorSchema] })
  errors?: ProblemFieldErrorSchema[];
}
