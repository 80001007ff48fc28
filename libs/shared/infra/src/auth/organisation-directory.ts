import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const TTL_MS = 30_000;

/**
 * Answers "does this organisation exist?" for every authenticated request. A short
 * cache keeps that off the database's hot path; only positive answers are cached, so
 * a newly created organisation is usable at once.
 */
@Injectable()
export class OrganisationDirectory {
  private readonly known = new Map<string, number>();

  constructor(private readonly ds: DataSource) {}

  async exists(orgId: string): Promise<boolean> {
    const until = this.known.get(orgId);
    if (until !== undefined && until > Date.now()) return true;
    const rows: unknown[] = await this.ds.query('SELECT 1 FROM organisations WHERE id = $1', [orgId]);
    if (rows.length === 0) return false;
    if (this.known.size > 10_000) this.known.clear();
    this.known.set(orgId, Date.now() + TTL_MS);
    return true;
  }
}
