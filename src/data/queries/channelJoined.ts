import type { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';

/**
 * Whether a channel's subscribe status says it joined. Read by its value, with the enum imported as a
 * type only: the enum's runtime object lives in supabase-js's realtime client, and importing it put that
 * client (17 KB gzip) on every first paint through the shell's watch of the student's own topic.
 */
export function channelJoined(status: REALTIME_SUBSCRIBE_STATES): boolean {
  return `${status}` === 'SUBSCRIBED';
}
