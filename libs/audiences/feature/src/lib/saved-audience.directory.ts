import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AudienceDirectory, DirectoryAudience } from '@aas/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audiences feature's answer to "which saved audiences may this organisation read": the
 * visibility rule of audience-access.ts (its own and the curated ones), for other domains.
 */
@Injectable()
export class SavedAudienceDirectory extends AudienceDirectory {
  constructor(@InjectDataSource() private readonly ds: DataSource) {
    super();
  }

  async readable(orgId: string, ids?: readonly string[]): Promise<DirectoryAudience[]> {
    const wanted = ids === undefined ? null : ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
    if (wanted !== null && wanted.length === 0) return [];
    return this.ds.query(
      `SELECT id::text AS id, name, description, expression, (org_id IS NULL) AS curated
         FROM saved_audiences
        WHERE (org_id IS NULL OR org_id = $1) AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
        ORDER BY org_id NULLS FIRST, position, created_at, id`,
      [orgId, wanted],
    );
  }
}
