import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

/* OpenAPI description of the service's one error body. */
@ApiSchema({ name: 'ProblemFieldError' })
export class ProblemFieldErrorSchema {
  @ApiProperty({ example: '/rows/3/expression/and/0', description: 'JSON pointer to the offending member' })
  path!: string;

  @ApiProperty({ example: "unknown member 'colour' is not allowed" })
  message!: string;
}

@ApiSchema({ name: 'Problem', description: 'RFC 9457 problem details: the body of every error response (`application/problem+json`)' })
export class ProblemSchema {
  @ApiProperty({ example: 'urn:aas:problem:validation', description: 'Stable identifier of the kind of problem (`urn:aas:problem:*`)' })
  type!: string;

  @ApiProperty({ example: 'Bad Request' })
  title!: string;

  @ApiProperty({ type: 'integer', example: 400, description: 'The HTTP status' })
  status!: number;

  @ApiProperty({ example: 'The request is invalid: /name' })
  detail!: string;

  @ApiPropertyOptional({ example: '/v2/saved/audiences', description: 'The path of the request' })
  instance?: string;

  @ApiPropertyOptional({ example: '3f1c0d9e-4b5a-4c1e-9f7e-1a2b3c4d5e6f', description: 'Also in the x-request-id header' })
  request_id?: string;

  @ApiPropertyOptional({ type: [ProblemFieldErrorSchema], description: 'One entry per offending member (validation failures)' })
  errors?: ProblemFieldErrorSchema[];
}
