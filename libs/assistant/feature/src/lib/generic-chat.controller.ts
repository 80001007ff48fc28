import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Principal, ProblemException } from '@aas/infra';
import { AssistantChatUseCase, ChatResponse } from './assistant-chat.usecase';
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
    summary: 'Ask the assistant (spec 4.2)',
    description:
      'Every number in `message` and `insights` is computed by the crosstab engine for this request; `sources` lists the ' +
      'topics, audiences, datasets, locations and waves used. A prompt it cannot ground answers with no insights and says why. ' +
      'Unknown chat ids and docked audiences your organisation cannot read answer 404.',
  })
  chat(@Body() body: GenericChatDto, @CurrentPrincipal() principal: Principal, @Req() req: Request & { id?: string }): Promise<ChatResponse> {
    return this.chats.chat({
      orgId: principal.orgId,
      userId: principal.userId,
      requestId: req.id ?? '',
      prompt: body.prompt,
      chatId: body.chat_id,
      dockedAudiences: body.docked_audiences,
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
