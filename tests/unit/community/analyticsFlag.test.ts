// The site-redesign flag as PostHog reports it, with posthog-js replaced by a stand-in: the e2e build has
// no analytics key (nothing may leave the machine), so this is where the flag's way from PostHog is checked.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const posthog = vi.hoisted(() => {
  const state = { flag: undefined as string | boolean | undefined, onFlags: [] as (() => void)[] };
  return {
    state,
    client: {
      init: vi.fn(),
      onFeatureFlags: vi.fn((callback: () => void) => state.onFlags.push(callback)),
      getFeatureFlag: vi.fn(() => state.flag),
      identify: vi.fn(),
      reset: vi.fn(),
    },
  };
});
vi.mock('posthog-js', () => ({ default: posthog.client }));

beforeEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.clearAllMocks();
  posthog.state.flag = undefined;
  posthog.state.onFlags = [];
});

async function started() {
  const analytics = await import('../../../src/state/analytics.ts');
  await analytics.startAnalytics('phc_test_key');
  return analytics;
}

function reportFlags(value: string | boolean | undefined): void {
  posthog.state.flag = value;
  for (const callback of posthog.state.onFlags) callback();
}

describe('analytics with a key', () => {
  it('starts PostHog once, with surveys disabled', async () => {
    const analytics = await started();
    await analytics.startAnalytics('phc_test_key');
    expect(posthog.client.init).toHaveBeenCalledTimes(1);
    expect(posthog.client.init).toHaveBeenCalledWith('phc_test_key', expect.objectContaining({ disable_surveys: true }));
  });

  it('passes the site-redesign flag on to the layout and tells its listeners when it changes', async () => {
    const analytics = await started();
    const heard = vi.fn();
    analytics.subscribeRemoteFlag(heard);
    expect(analytics.getRemoteFlag()).toBeUndefined();

    reportFlags('test');
    expect(posthog.client.getFeatureFlag).toHaveBeenCalledWith(analytics.SITE_REDESIGN_FLAG);
    expect(analytics.getRemoteFlag()).toBe('test');
    expect(heard).toHaveBeenCalledTimes(1);

    reportFlags('test');
    expect(heard).toHaveBeenCalledTimes(1);
    reportFlags(false);
    expect(analytics.getRemoteFlag()).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('identifies the signed-in student and forgets them on sign-out', async () => {
    vi.stubEnv('VITE_POSTHOG_KEY', 'phc_test_key');
    const analytics = await import('../../../src/state/analytics.ts');
    await analytics.identifyUser('00000000-0000-0000-0000-000000000001');
    expect(posthog.client.identify).toHaveBeenCalledWith('00000000-0000-0000-0000-000000000001');
    await analytics.identifyUser(null);
    expect(posthog.client.reset).toHaveBeenCalledTimes(1);
    expect(posthog.client.init).toHaveBeenCalledWith('phc_test_key', expect.objectContaining({ disable_surveys: true }));
  });
});
