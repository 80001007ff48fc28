import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';

export class GenericChatDto {
  @ApiProperty({ example: 'Which social platforms do Gen Z in the UK use daily?', minLength: 1, maxLength: 2000 })
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  prompt!: string;

  @ApiPropertyOptional({ description: 'Chat id from a previous answer (to follow up); empty or absent starts a new chat', example: '', maxLength: 64 })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  chat_id?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'uuid' },
    maxItems: 10,
    description: 'Saved audience ids (readable by your organisation) to produce insights for',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsUUID('all', { each: true })
  docked_audiences?: string[];
}
