// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE } from '../../../src/domain/authErrors.ts';
import { PROFILE_FAILED } from '../../../src/domain/messages.ts';
import type { PortalState } from '../../../src/state/portal.tsx';
import { useAccountBadge, useOnboarding, useProfile, usePublicProfile, useRecentPlays, type OnboardingRefusal, type SaveOutcome } from '../../../src/state/profile.ts';
import { notice } from '../../../src/ui/notice.tsx';
import { PROFILE, SWORD } from '../sync/seed.ts';
import { fakeFrom, fakeServer, type Answer, type Query } from './fakeSupabase.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, signedOut, USER, type HookStage } from './harness.tsx';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

function render<T>(useHook: () => T, portal: PortalState): HookStage<T> {
  const rendered = renderHook(useHook, portal);
  stage = rendered;
  return rendered;
}

const NOTHING: Answer = { data: null, error: null };

describe('useProfile', () => {
  it('signed out there is no profile to show', () => {
    const view = render(useProfile, SIGNED_OUT);
    expect(view.current.account).toBe('signed-out');
    expect(view.current.profile).toBeUndefined();
  });

  it('signed in, shows the device’s copy, null before the server’s first answer is mirrored', async () => {
    const fake = fakeRuntime();
    const view = render(useProfile, signedIn(fake.runtime));
    await settle();
    expect(view.current.profile).toBeNull();
    await act(async () => {
      await fake.db.profile.put(PROFILE);
    });
    await settle();
    expect(view.current.profile?.row.username).toBe('quietfox');
    expect(view.current.profile?.shown.apps_played).toBe(3);
  });

  it('an edit made offline is queued, shows at once and says it is waiting', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fake = fakeRuntime();
    await fake.db.profile.put(PROFILE);
    const view = render(useProfile, signedIn(fake.runtime));
    await settle();
    let outcome: SaveOutcome | null = null;
    await act(async () => {
      outcome = await view.current.save({ username: 'loudfox', icon: 'default', about: 'hi' });
    });
    await settle();
    expect(outcome).toEqual({ ok: true, queued: true });
    expect(view.current.profile?.row.username).toBe('loudfox');
    expect(await fake.db.outbox.where('userId').equals(USER).count()).toBe(1);
  });

  it('online, a taken username is refused on the spot and nothing changes', async () => {
    const rpc = vi.fn(() => Promise.resolve({ data: null, error: { message: 'That username is taken.' }, status: 400 }));
    const fake = fakeRuntime(fakeServer({ rpc }));
    await fake.db.profile.put(PROFILE);
    const view = render(useProfile, signedIn(fake.runtime));
    await settle();
    let outcome: SaveOutcome | null = null;
    await act(async () => {
      outcome = await view.current.save({ username: 'takenfox', icon: 'default', about: '' });
    });
    expect(outcome).toEqual({ ok: false, message: 'That username is taken.' });
    expect(view.current.profile?.row.username).toBe('quietfox');
    expect(await fake.db.outbox.count()).toBe(0);
  });
});

describe('usePublicProfile', () => {
  it('loads anyone’s profile by name, says when nobody has it, and shows loading while another name is asked for', async () => {
    const queries: Query[] = [];
    const fake = fakeRuntime(
      fakeServer({
        from: fakeFrom((query) => {
          const name = query.steps.find((step) => step[0] === 'eq')?.[2];
          return name === 'quietfox' ? { data: { ...PROFILE, badges: [SWORD.id] }, error: null } : NOTHING;
        }, queries),
      }),
    );
    await fake.db.shopItems.put(SWORD);
    let username = 'quietfox';
    const view = render(() => usePublicProfile(username), signedOut(fake.runtime));
    expect(view.current.result).toEqual({ state: 'loading' });
    await settle();
    expect(view.current.result).toMatchObject({ state: 'found', profile: { username: 'quietfox', badges: [SWORD.id] } });
    expect(view.current.items.map((item) => item.id)).toEqual([SWORD.id]);
    username = 'nobody';
    view.setPortal(signedOut(fake.runtime));
    expect(view.current.result).toEqual({ state: 'loading' });
    await settle();
    expect(view.current.result).toEqual({ state: 'missing' });
    expect(queries.map((query) => query.table)).toEqual(['public_profiles', 'public_profiles']);
  });

  it('a failed read says why', async () => {
    const fake = fakeRuntime(fakeServer({ from: fakeFrom(() => ({ data: null, error: { message: 'permission denied' } })) }));
    const view = render(() => usePublicProfile('quietfox'), signedOut(fake.runtime));
    await settle();
    expect(view.current.result).toEqual({ state: 'failed', message: 'permission denied' });
  });
});

describe('useRecentPlays', () => {
  it('is null until the server answers, then the plays, or the failure', async () => {
    let fail = false;
    const plays = [{ app_id: 'snake', title: 'Snake', updated_at: '2026-11-20T10:00:00Z' }];
    const fake = fakeRuntime(fakeServer({ rpc: () => Promise.resolve(fail ? { data: null, error: { message: 'down' } } : { data: plays, error: null }) }));
    let username: string | undefined;
    const view = render(() => useRecentPlays(username), signedOut(fake.runtime));
    await settle();
    expect(view.current).toBeNull();
    username = 'quietfox';
    view.setPortal(signedOut(fake.runtime));
    await settle();
    expect(view.current).toEqual(plays);
    fail = true;
    username = 'otherfox';
    view.setPortal(signedOut(fake.runtime));
    expect(view.current).toBeNull();
    await settle();
    expect(view.current).toBeInstanceOf(Error);
  });
});

describe('useAccountBadge', () => {
  it('shows the mirrored profile and tells the student when a reachable server has none to give', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    const fake = fakeRuntime(fakeServer({ from: fakeFrom(() => ({ data: null, error: { message: 'no' } })), rpc: () => Promise.resolve({ data: null, error: { message: 'no' } }) }));
    await fake.db.profile.put(PROFILE);
    const view = render(useAccountBadge, signedIn(fake.runtime));
    await settle();
    expect(view.current?.username).toBe('quietfox');
    expect(error).toHaveBeenCalledWith(PROFILE_FAILED, expect.anything());
  });

  it('while the account loads there is nothing to show and the server is not asked', () => {
    const view = render(useAccountBadge, LOADING);
    expect(view.current).toBeUndefined();
  });
});

describe('useOnboarding', () => {
  function onboardingServer(answers: { rpc?: Answer; update?: Answer }, queries: Query[] = []) {
    return fakeServer({
      from: fakeFrom((query) => (query.steps.some((step) => step[0] === 'update') ? (answers.update ?? NOTHING) : { data: PROFILE, error: null }), queries),
      rpc: () => Promise.resolve({ ...(answers.rpc ?? { data: {}, error: null }), status: 400 }),
    });
  }

  it('reads the profile the server made (its username is offered) and cannot send while signed out', async () => {
    const fake = fakeRuntime(onboardingServer({}));
    const view = render(useOnboarding, signedIn(fake.runtime));
    await settle();
    expect(view.current.profile?.username).toBe('quietfox');
    expect(view.current.done).toBe(true);
    expect(view.current.ready).toBe(true);
    view.setPortal(SIGNED_OUT);
    expect(view.current.ready).toBe(false);
  });

  it('offline, nothing is sent and the form says so', async () => {
    const fake = fakeRuntime(onboardingServer({}));
    const view = render(useOnboarding, signedIn(fake.runtime));
    await settle();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let refusal: OnboardingRefusal | null = null;
    await act(async () => {
      refusal = await view.current.finish({ username: 'quietfox', whereFrom: 'A teacher', whoFrom: null });
    });
    expect(refusal).toEqual({ text: OFFLINE, about: 'form' });
  });

  it('a taken username stops before the answers are stored; a kept one stores them', async () => {
    const queries: Query[] = [];
    const fake = fakeRuntime(onboardingServer({ rpc: { data: null, error: { message: 'That username is taken.' } } }, queries));
    const view = render(useOnboarding, signedIn(fake.runtime));
    await settle();
    let refusal: OnboardingRefusal | null = null;
    await act(async () => {
      refusal = await view.current.finish({ username: 'takenfox', whereFrom: 'A teacher', whoFrom: null });
    });
    expect(refusal).toEqual({ text: 'That username is taken.', about: 'username' });
    const updates = () => queries.filter((query) => query.steps.some((step) => step[0] === 'update'));
    expect(updates()).toEqual([]);
    await act(async () => {
      refusal = await view.current.finish({ username: 'quietfox', whereFrom: 'A teacher', whoFrom: 'Ms Li' });
    });
    expect(refusal).toBeNull();
    expect(updates()[0]?.steps[0]).toEqual(['update', { where_from: 'A teacher', who_from: 'Ms Li' }]);
  });
});
