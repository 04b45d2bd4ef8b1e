// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOVE_NEEDS_CODE, useTwoFactor } from '../../../src/state/twoFactor.ts';
import { fakeServer } from './fakeSupabase.ts';
import { fakeRuntime, renderHook, settle, signedIn, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useTwoFactor>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

function render(portal: Parameters<typeof renderHook>[1]): HookStage<ReturnType<typeof useTwoFactor>> {
  stage = renderHook(useTwoFactor, portal);
  return stage;
}

/** A server whose only part is the authenticator apps of supabase-js's auth. */
function mfaServer(mfa: Record<string, unknown>) {
  return fakeServer({ auth: { mfa } });
}

describe('useTwoFactor', () => {
  it('lists the authenticator apps, and a removal the session is not strong enough for says what to do', async () => {
    const unenroll = vi.fn(() => Promise.resolve({ error: { message: 'AAL2 required', code: 'insufficient_aal', status: 403 } }));
    const fake = fakeRuntime(
      mfaServer({ listFactors: () => Promise.resolve({ data: { totp: [{ id: 'factor-1', created_at: '2026-11-01T00:00:00Z' }] }, error: null }), unenroll }),
    );
    const view = render(signedIn(fake.runtime));
    await settle();
    expect(view.current.factors).toEqual([{ id: 'factor-1', created_at: '2026-11-01T00:00:00Z' }]);
    let removed = true;
    await act(async () => {
      removed = await view.current.remove('factor-1');
    });
    expect(removed).toBe(false);
    expect(view.current.error).toBe(REMOVE_NEEDS_CODE);
  });

  it('adding an app shows its QR code and secret until its first code turns two-step sign-in on', async () => {
    let factors: { id: string; created_at: string }[] = [];
    const fake = fakeRuntime(
      mfaServer({
          listFactors: () => Promise.resolve({ data: { totp: factors }, error: null }),
          enroll: () => Promise.resolve({ data: { id: 'factor-2', type: 'totp', totp: { secret: 'SECRET', uri: 'otpauth://totp/portal?secret=SECRET' } }, error: null }),
          challengeAndVerify: () => {
            factors = [{ id: 'factor-2', created_at: '2026-11-02T00:00:00Z' }];
            return Promise.resolve({ error: null });
          },
      }),
    );
    const view = render(signedIn(fake.runtime));
    await settle();
    expect(view.current.factors).toEqual([]);
    await act(() => view.current.enrol());
    expect(view.current.enrolment).toMatchObject({ factorId: 'factor-2', secret: 'SECRET' });
    expect(view.current.enrolment?.qr).toMatch(/^data:image\/png;base64,/);
    let refusal: string | null = 'not asked';
    await act(async () => {
      refusal = await view.current.verifyEnrolment('123456');
    });
    await settle();
    expect(refusal).toBeNull();
    expect(view.current.enrolment).toBeNull();
    expect(view.current.factors?.map((factor) => factor.id)).toEqual(['factor-2']);
  });
});
