import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ProblemException } from '@aas/shared-infra';
import { ApiProblems, CurrentPrincipal, Principal } from '@aas/shared-infra/http';
import { CatalogueService } from '../store/catalogue.service';
import { CatalogueSnapshot, Entitlements, QuestionRow } from '../store/catalogue-snapshot';
import { CATEGORY_INCLUDES, CategoryInclude, categoryWire, datasetWire, QuestionIncludes, questionWire, Wire } from './catalogue.presenter';
import { QuestionPathDto, QuestionSearchQueryDto, V2QuestionsFilterDto, V3QuestionsFilterDto } from './catalogue.dto';
import { searchQuestions } from './question-search';
import {
  CategoryResponse,
  DatasetListResponse,
  LocationListResponse,
  QuestionListResponse,
  QuestionResponse,
  QuestionSearchResponse,
  WaveListResponse,
} from './catalogue-response.dto';

const UNKNOWN_QUESTION = [404, 'A question named in the body does not exist; `errors` names each by JSON pointer'] as const;

const QUESTION_INCLUDES = ['categories', 'datapoints', 'datasets', 'taxonomy_paths'] as const;

/** Reads `include` given as a comma-separated string, repeated parameters, or both; unknown values are a 400 naming them. */
export function parseIncludeList<T extends string>(raw: unknown, allowed: readonly T[], name = 'include'): Set<T> {
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [String(v)]))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const unknown = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length > 0) {
    throw ProblemException.validation(`Unknown ${name} value(s): ${unknown.join(', ')}`, [
      { path: `/${name}`, message: `unknown value(s) ${unknown.map((u) => `'${u}'`).join(', ')}; allowed: ${allowed.join(', ')}` },
    ]);
  }
  return new Set(values as T[]);
}

@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  private async context(principal: Principal): Promise<{ snapshot: CatalogueSnapshot; ent: Entitlements }> {
    const [snapshot, ent] = await Promise.all([this.catalogue.current(), this.catalogue.entitlements(principal.orgId)]);
    return { snapshot, ent };
  }

  private pick(snapshot: CatalogueSnapshot, refs: { namespace: string; code: string; path: string }[] | undefined): QuestionRow[] {
    if (!refs || refs.length === 0) return snapshot.questions;
    const missing: { path: string; message: string }[] = [];
    const found: QuestionRow[] = [];
    for (const ref of refs) {
      const q = snapshot.findQuestion(ref.code, ref.namespace);
      if (q) found.push(q);
      else missing.push({ path: ref.path, message: `unknown question '${ref.namespace}.${ref.code}'` });
    }
    if (missing.length > 0) {
      throw new ProblemException(404, 'urn:aas:problem:not-found', `Unknown question(s): ${missing.map((m) => m.message.slice(18, -1)).join(', ')}`, missing);
    }
    return found;
  }

  @Post('v3/questions/filter')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'filterQuestions',
    summary: 'Questions by namespace and code (all when none are named), with optional categories, datapoints and taxonomy paths',
  })
  @ApiBody({
    type: V3QuestionsFilterDto,
    examples: {
      'gender with its datapoints': {
        value: { questions: [{ namespace_code: 'core', question: 'gender' }], include: { datapoints: true, taxonomy_paths: true } },
      },
    },
  })
  @ApiOkResponse({ type: QuestionListResponse, description: 'The questions, in the order asked (catalogue order when none are named)' })
  @ApiProblems(UNKNOWN_QUESTION)
  async filterV3(@Body() body: V3QuestionsFilterDto, @CurrentPrincipal() principal: Principal): Promise<{ questions: Wire[] }> {
    const { snapshot, ent } = await this.context(principal);
    const refs = body.questions?.map((q, i) => ({ namespace: q.namespace_code, code: q.question, path: `/questions/${i}` }));
    const include: QuestionIncludes = { ...body.include };
    return { questions: this.pick(snapshot, refs).map((q) => questionWire(snapshot, q, ent, include)) };
  }

  @Post('v2/questions/filter')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'filterQuestionsV2',
    summary: 'Questions by code and namespace (all when none are named), with optional categories, datapoints and datasets',
  })
  @ApiBody({
    type: V2QuestionsFilterDto,
    examples: {
      'gender with its datasets': { value: { questions: [{ namespace_code: 'core', code: 'gender' }], include: { datapoints: true, datasets: true } } },
    },
  })
  @ApiOkResponse({ type: QuestionListResponse, description: 'The questions, in the order asked (catalogue order when none are named)' })
  @ApiProblems(UNKNOWN_QUESTION)
  async filterV2(@Body() body: V2QuestionsFilterDto, @CurrentPrincipal() principal: Principal): Promise<{ questions: Wire[] }> {
    const { snapshot, ent } = await this.context(principal);
    const refs = body.questions?.map((q, i) => ({ namespace: q.namespace_code, code: q.code, path: `/questions/${i}` }));
    const include: QuestionIncludes = { ...body.include };
    return { questions: this.pick(snapshot, refs).map((q) => questionWire(snapshot, q, ent, include)) };
  }

  @Get('v2/questions/search')
  @ApiOperation({ operationId: 'searchQuestions', summary: 'Text search over question and datapoint names and descriptions, best matches first, paged' })
  @ApiOkResponse({ type: QuestionSearchResponse, description: 'One page of matches' })
  @ApiProblems([400, 'A missing or too long `q`, or an invalid or unknown query parameter'])
  async search(@Query() query: QuestionSearchQueryDto, @CurrentPrincipal() principal: Principal): Promise<Wire> {
    const { snapshot, ent } = await this.context(principal);
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const hits = searchQuestions(snapshot, query.q);
    return {
      questions: hits.slice(offset, offset + limit).map((h) => ({
        ...questionWire(snapshot, h.question, ent, {}),
        score: h.score,
        matched_datapoints: h.datapoints.map((d) => ({ code: d.code, name: d.name })),
      })),
      total: hits.length,
      limit,
      offset,
    };
  }

  @Get('v2/questions/:question_code')
  @ApiOperation({ operationId: 'getQuestion', summary: 'One question by `<namespace_code>.<code>`' })
  @ApiParam({ name: 'question_code', example: 'core.gender', description: '`<namespace_code>.<code>`' })
  @ApiQuery({ name: 'include', required: false, isArray: true, enum: QUESTION_INCLUDES, description: 'Repeated or comma-separated' })
  @ApiOkResponse({ type: QuestionResponse, description: 'The question' })
  @ApiProblems([400, 'The path is not `<namespace_code>.<code>`, or an unknown include value'], [404, 'No such question'])
  async getQuestion(@Param() params: QuestionPathDto, @Req() req: Request, @CurrentPrincipal() principal: Principal): Promise<{ question: Wire }> {
    const include = parseIncludeList(req.query['include'], QUESTION_INCLUDES);
    const [namespace, code] = params.question_code.split('.');
    const { snapshot, ent } = await this.context(principal);
    const q = snapshot.findQuestion(code, namespace);
    if (!q) throw ProblemException.notFound(`Unknown question '${params.question_code}'`);
    return {
      question: questionWire(snapshot, q, ent, {
        categories: include.has('categories'),
        datapoints: include.has('datapoints'),
        datasets: include.has('datasets'),
        taxonomy_paths: include.has('taxonomy_paths'),
      }),
    };
  }

  @Get('v2/categories/:category_id')
  @ApiOperation({ operationId: 'getCategory', summary: 'One category with the relations asked for' })
  @ApiParam({ name: 'category_id', schema: { type: 'integer', minimum: 0 }, example: 1 })
  @ApiQuery({ name: 'include', required: false, isArray: true, enum: CATEGORY_INCLUDES, description: 'Repeated or comma-separated' })
  @ApiOkResponse({ type: CategoryResponse, description: 'The category' })
  @ApiProblems([400, 'The id is not a positive integer, or an unknown include value'], [404, 'No such category'])
  async getCategory(@Param('category_id') rawId: string, @Req() req: Request, @CurrentPrincipal() principal: Principal): Promise<{ category: Wire }> {
    if (!/^\d{1,9}$/.test(rawId)) {
      throw ProblemException.validation('category_id must be a positive integer', [{ path: '/category_id', message: 'must be a positive integer' }]);
    }
    const include = parseIncludeList<CategoryInclude>(req.query['include'], CATEGORY_INCLUDES);
    const { snapshot, ent } = await this.context(principal);
    const category = snapshot.categoryById.get(Number(rawId));
    if (!category) throw ProblemException.notFound(`Unknown category ${rawId}`);
    return { category: categoryWire(snapshot, category, ent, include) };
  }

  @Get('v2/datasets')
  @ApiOperation({ operationId: 'listDatasets', summary: 'Every dataset, with `accessible` for the caller' })
  @ApiOkResponse({ type: DatasetListResponse, description: 'The datasets' })
  async datasets(@CurrentPrincipal() principal: Principal): Promise<{ datasets: Wire[] }> {
    const { snapshot, ent } = await this.context(principal);
    return {
      datasets: snapshot.datasets.map((d) =>
        datasetWire(d, {
          accessible: ent.datasets.has(d.code),
          child_categories: (snapshot.childrenOf.get(null) ?? [])
            .filter((c) => c.dataset_code === d.code)
            .map((c) => ({ id: String(c.id), name: c.name, description: c.description, order: c.order })),
        }),
      ),
    };
  }

  @Get('v2/locations')
  @ApiOperation({ operationId: 'listLocations', summary: 'Every location, with `accessible` for the caller' })
  @ApiOkResponse({ type: LocationListResponse, description: 'The locations' })
  async locations(@CurrentPrincipal() principal: Principal): Promise<{ locations: Wire[] }> {
    const { snapshot, ent } = await this.context(principal);
    return { locations: snapshot.locations.map((l) => ({ code: l.code, name: l.name, region: l.region, accessible: ent.locations.has(l.code) })) };
  }

  @Get('v2/waves')
  @ApiOperation({ operationId: 'listWaves', summary: 'Every wave, oldest first, with `accessible` for the caller' })
  @ApiOkResponse({ type: WaveListResponse, description: 'The waves, oldest first' })
  async waves(@CurrentPrincipal() principal: Principal): Promise<{ waves: Wire[] }> {
    const { snapshot, ent } = await this.context(principal);
    return {
      waves: snapshot.wavesByEnd.map((w) => ({
        code: w.code,
        name: w.name,
        kind: w.kind,
        start_date: w.start_date,
        end_date: w.end_date,
        accessible: ent.waves.has(w.code),
      })),
    };
  }
}
