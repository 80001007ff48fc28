import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MAX_SEGMENTS } from '@aas/assistant-domain';
import { CurrentPrincipal, Principal, ProblemException } from '@aas/infra';
import { AssistantChatUseCase, ChatResponse } from './assistant-chat.usecase';
import { AssistantStore } from './assistant.store';
import { GenericChatDto } from './generic-chat.dto';
import { abortOnClose } from './run-limited';

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
    summary: 'Ask the assistant (spec 4.2)',
    description:
      'Every number in `message` and `insights` is computed by the crosstab engine for this request; `sources` lists the ' +
      'topics, audiences, datasets, locations and waves used. A prompt it cannot ground answers with no insights and says why. ' +
      `Unknown chat ids and docked audiences your organisation cannot read answer 404. A prompt that would need more than ${MAX_SEGMENTS} ` +
      'engine runs (for example a trend over many markets) is answered with what was too broad, and no number. Nothing is stored ' +
      'unless the answer is: a failed request leaves no chat behind.',
  })
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
      signal: abortOnClose(res),
    });
  }

  @Get('insights/:id')
  @ApiOperation({ summary: 'One insight: its metrics and what it was computed from (attributes, audiences, locations, waves, datasets)' })
  async insight(@Param('id') id: string, @CurrentPrincipal() principal: Principal): Promise<Record<string, unknown>> {
    const insight = await this.store.insight(id, principal.orgId);
    if (!insight) throw ProblemException.notFound(`Insight '${id}' not found`);
    return { id: insight.id, chat_id: insight.chat_id, text: insight.text, ...insight.details, created_at: insight.created_at };
  }
}
