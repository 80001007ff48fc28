import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MAX_SEGMENTS } from '@aas/assistant-domain';
import { ProblemException } from '@aas/shared-infra';
import { ApiProblems, clientGoneSignal, CurrentPrincipal, Principal, UUID_PATTERN } from '@aas/shared-infra/http';
import { AssistantChatUseCase, ChatResponse } from './assistant-chat.usecase';
import { ChatAnswer, InsightDetails } from './assistant-response.dto';
import { AssistantStore } from './assistant.store';
import { GenericChatDto } from './generic-chat.dto';

@ApiTags('assistant')
@Controller('v1/assistant-api/generic')
export class GenericChatController {
  constructor(
    private readonly chats: AssistantChatUseCase,
    private readonly store: AssistantStore,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'askAssistant',
    summary: 'Ask the assistant a question about the survey data',
    description:
      'Every number in `message` and `insights` is computed by the crosstab engine for this request; `sources` lists the ' +
      'topics, audiences, datasets, locations and waves used. A prompt it cannot ground answers with no insights and says why. ' +
      `Unknown chat ids and docked audiences your organisation cannot read answer 404. A prompt that would need more than ${MAX_SEGMENTS} ` +
      'engine runs (for example a trend over many markets) is answered with what was too broad, and no number. Nothing is stored ' +
      'unless the answer is: a failed request leaves no chat behind.',
  })
  @ApiBody({
    type: GenericChatDto,
    examples: { 'a share': { value: { prompt: 'What share of Gen Z in the UK use TikTok?' } } },
  })
  @ApiOkResponse({ type: ChatAnswer, description: 'The answer' })
  @ApiProblems([404, "An unknown chat id, or a docked audience your organisation cannot read (another organisation's chat: the same)"], 504)
  chat(
    @Body() body: GenericChatDto,
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request & { id?: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChatResponse> {
    return this.chats.chat({
      orgId: principal.orgId,
      userId: principal.userId,
      requestId: req.id ?? '',
      prompt: body.prompt,
      chatId: body.chat_id,
      dockedAudiences: body.docked_audiences,
      // A client that goes away stops the engine jobs and stores nothing.
      signal: clientGoneSignal(res),
    });
  }

  @Get('insights/:id')
  @ApiOperation({
    operationId: 'getAssistantInsight',
    summary: 'One insight: its metrics and what it was computed from (attributes, audiences, locations, waves, datasets)',
  })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'An insight id from an answer' })
  @ApiOkResponse({ type: InsightDetails, description: 'The insight' })
  @ApiProblems([404, "No such insight, or another organisation's (the same answer for both)"])
  async insight(@Param('id') id: string, @CurrentPrincipal() principal: Principal): Promise<Record<string, unknown>> {
    // Any id that is not a UUID names no insight: the same 404, without asking the database.
    const insight = UUID_PATTERN.test(id) ? await this.store.insight(id, principal.orgId) : undefined;
    if (!insight) throw ProblemException.notFound(`Insight '${id}' not found`);
    return { id: insight.id, chat_id: insight.chat_id, text: insight.text, ...insight.details, created_at: insight.created_at };
  }
}
