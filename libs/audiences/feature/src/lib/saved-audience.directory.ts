import { Injectable } from '@nestjs/common';
import { AudienceDirectory, DirectoryAudience } from '@aas/shared-contracts';
import { SavedAudiencesRepository } from './saved-audiences.repository';

/**
 * The audiences feature's answer to "which saved audiences may this organisation read": the
 * visibility rule of audience-access.ts (its own and the curated ones), for other domains.
 */
@Injectable()
export class SavedAudienceDirectory extends AudienceDirectory {
  constructor(private readonly repository: SavedAudiencesRepository) {
    super();
  }

  readable(orgId: string, ids?: readonly string[]): Promise<DirectoryAudience[]> {
    return this.repository.readable(orgId, ids);
  }
}
