/** A saved audience as other domains may read it. */
export interface DirectoryAudience {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** Standard wire form (as POST /v2/saved/audiences stores it). */
  readonly expression: Record<string, unknown>;
  /** Curated (readable by every organisation) rather than the organisation's own. */
  readonly curated: boolean;
}

/**
 * The saved audiences an organisation may read (its own and the curated ones), for other domains
 * (the assistant's docked and named audiences). Implemented by the audiences feature, which owns
 * the table and the visibility rule; injected elsewhere through this abstract class.
 */
export abstract class AudienceDirectory {
  /**
   * Readable audiences, curated first, then the organisation's in list order; with `ids`, only
   * those among them (ids of missing or unreadable audiences are simply absent).
   */
  abstract readable(orgId: string, ids?: readonly string[]): Promise<DirectoryAudience[]>;
}
