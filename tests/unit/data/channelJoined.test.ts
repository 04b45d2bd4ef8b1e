import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { channelJoined } from '../../../src/data/queries/channelJoined.ts';

describe('channelJoined', () => {
  it('is true only for the status of a channel that joined', () => {
    expect(channelJoined(REALTIME_SUBSCRIBE_STATES.SUBSCRIBED)).toBe(true);
    for (const status of [REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR, REALTIME_SUBSCRIBE_STATES.TIMED_OUT, REALTIME_SUBSCRIBE_STATES.CLOSED]) {
      expect(channelJoined(status)).toBe(false);
    }
  });
});
