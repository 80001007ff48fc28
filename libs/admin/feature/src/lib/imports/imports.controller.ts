import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly, ApiProblems, CurrentPrincipal, Principal, UuidParamPipe } from '@aas/shared-infra/http';
import { ImportEnvelope } from './dto/import.dto';
import { ImportAdminService, MAX_MAPPING_BYTES } from './import-admin.service';

const IMPORT_ID = new UuidParamPipe('id', 'The import id');
const ADMIN_ONLY = [403, 'The token has no admin claim'] as const;

/**
 * Survey imports over HTTP, for administrators: the same import as `npm run import`, run as a job
 * on a worker (or in the gateway with JOB_MODE=inline), its status and outcome read back here.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/imports')
export class ImportsAdminController {
  constructor(private readonly imports: ImportAdminService) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createImport',
    summary: 'Uploads a survey file and its mapping, and queues the import',
    description:
      'A multipart/form-data body: `file`, an SPSS system file (`.sav`, uncompressed or bytecode-compressed, or `.zsav`, ZLIB-compressed) or a CSV export ' +
      '(`.csv`), of at most IMPORT_MAX_UPLOAD_BYTES (256 MiB by default); `mapping`, the JSON mapping (libs/survey-import/domain/README.md), ' +
      `as a file or a text field, at most ${MAX_MAPPING_BYTES} bytes; optionally \`mode\`: \`replace\` (default: the file is the whole ` +
      'dataset) or `append` (it adds or replaces waves). The mapping is checked against its schema at once (400); everything else ' +
      '(the file against the mapping, the dataset against the catalogue) is checked by the job, whose report GET /v1/admin/imports/{id} ' +
      'gives. The 202 means the file is stored and the import queued.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'mapping'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'The survey file, named `*.sav`, `*.zsav` or `*.csv`' },
        mapping: { type: 'string', description: 'The mapping (JSON), as a file part or a text field' },
        mode: { type: 'string', enum: ['replace', 'append'], description: '`replace` when absent' },
      },
    },
  })
  @ApiAcceptedResponse({
    type: ImportEnvelope,
    description: 'Stored and queued; poll the `Location` for its progress and outcome',
    headers: {
      Location: { description: 'GET this for the import', schema: { type: 'string', example: '/v1/admin/imports/7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a' } },
    },
  })
  @ApiProblems(
    [
      400,
      'A part missing, unknown or repeated, a file not named .sav, .zsav or .csv, an empty file, an invalid mode, or a mapping that breaks its schema (`errors` under `/mapping`)',
    ],
    ADMIN_ONLY,
    [413, 'The file is larger than IMPORT_MAX_UPLOAD_BYTES, or the mapping larger than 1 MiB; nothing was kept'],
    [415, 'The body is not multipart/form-data'],
  )
  async create(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentPrincipal() principal: Principal): Promise<ImportEnvelope> {
    const data = await this.imports.upload(req, principal);
    res.setHeader('Location', `/v1/admin/imports/${data.id}`);
    return { data };
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getImport',
    summary: 'Reads an import: its status, progress, report and outcome',
    description: '`succeeded` names the data version it created; `failed` gives the report and the reasons, and nothing was changed.',
  })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'Import id' })
  @ApiOkResponse({ type: ImportEnvelope, description: 'The import' })
  @ApiProblems([400, 'The id is not a UUID'], ADMIN_ONLY, [404, 'No such import'])
  async get(@Param('id', IMPORT_ID) id: string): Promise<ImportEnvelope> {
    return { data: await this.imports.get(id) };
  }
}
