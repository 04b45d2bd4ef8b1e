import type { Database } from '../../backend/database.types.ts';
import { failed, ok, thrown, type Result } from '../result.ts';
import { partsOf, type DataSource } from '../source.ts';

type Generated = Database['public']['Functions']['get_own_creator_application']['Returns'][number];
/** A row as the server sends it: the generated types cannot see which returned columns may be null. */
type Row = Omit<Generated, 'platform' | 'handle' | 'closed_at' | 'reason' | 'refusal'> & {
  platform: string | null;
  handle: string | null;
  closed_at: string | null;
  reason: string | null;
  refusal: string | null;
};

export type ApplicationStatus = 'pending' | 'granted' | 'declined' | 'withdrawn';

export interface OwnCreatorApplication {
  id: number;
  pitch: string;
  channel: { platform: string; handle: string } | null;
  status: ApplicationStatus;
  sentAt: string;
  closedAt: string | null;
  /** The moderator's reason, when the application was declined. */
  reason: string | null;
  /** Why a new application would be refused now, in the server's words; null when it would be taken. */
  refusal: string | null;
}

/**
 * The student's latest creator application, or null when they never applied (get_own_creator_application).
 * Online only: an application is decided on the server, and the page asks again when it opens.
 */
export async function fetchOwnCreatorApplication(source: DataSource): Promise<Result<{ latest: OwnCreatorApplication | null }>> {
  try {
    const { data, error } = await partsOf(source).supabase.rpc('get_own_creator_application');
    if (error) return failed(error);
    const row: Row | undefined = data[0];
    if (row === undefined) return ok({ latest: null });
    return ok({
      latest: {
        id: row.id,
        pitch: row.pitch,
        channel: row.platform !== null && row.handle !== null ? { platform: row.platform, handle: row.handle } : null,
        status: row.status as ApplicationStatus,
        sentAt: row.created_at,
        closedAt: row.closed_at,
        reason: row.reason,
        refusal: row.refusal,
      },
    });
  } catch (error) {
    return thrown(error);
  }
}
