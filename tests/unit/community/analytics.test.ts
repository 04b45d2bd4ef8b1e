import { describe, expect, it } from 'vitest';
import { getRemoteFlag, identifyUser, startAnalytics } from '../../../src/state/analytics.ts';

describe('analytics without a key', () => {
  it('loads nothing, identifies nobody and leaves the flag unknown', async () => {
    expect(await startAnalytics(undefined)).toBeNull();
    await expect(identifyUser('00000000-0000-0000-0000-000000000001')).resolves.toBeUndefined();
    expect(getRemoteFlag()).toBeUndefined();
  });
});
