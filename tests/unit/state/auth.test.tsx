// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE, WRONG_CREDENTIALS } from '../../../src/domain/authErrors.ts';
import { EMAIL_INVALID, PASSWORDS_DIFFER } from '../../../src/domain/credentials.ts';
import { NO_URL_SESSION } from '../../../src/domain/messages.ts';
import { RESET_CODE_FORMAT, useChangePassword, useRecovery, useSignIn, useSignOut, useUrlSession, type SignInOutcome } from '../../../src/state/auth.ts';
import type { PortalState } from '../../../src/state/portal.tsx';
import { announceRuntime } from '../../../src/state/runtimeArrival.ts';
import { fakeFrom, fakeServer } from './fakeSupabase.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, signedOut, USER, type HookStage } from './harness.tsx';
import { PROFILE } from '../sync/seed.ts';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function render<T>(useHook: () => T, portal: PortalState): HookStage<T> {
  const rendered = renderHook(useHook, portal);
  stage = rendered;
  return rendered;
}

/** A server whose auth has no second factor and the given answers (and `more` parts beside auth). */
function authServer(auth: Record<string, unknown>, more: Record<string, unknown> = {}) {
  return fakeServer({
    ...more,
    auth: {
      mfa: {
        getAuthenticatorAssuranceLevel: () => Promise.resolve({ data: { currentLevel: 'aal1', nextLevel: 'aal1' } }),
        listFactors: () => Promise.resolve({ data: { totp: [] }, error: null }),
      },
      getSession: () => Promise.resolve({ data: { session: null } }),
      ...auth,
    },
  });
}

describe('useSignIn', () => {
  it('a sign-in sent while the runtime loads waits for it, busy meanwhile, then goes through', async () => {
    const fake = fakeRuntime(authServer({ signInWithPassword: () => Promise.resolve({ error: null }) }));
    const view = render(() => useSignIn('/shop'), LOADING);
    expect(view.current.account).toBe('loading');
    expect(view.current.factorId).toBeNull();
    let outcome: SignInOutcome | null = null;
    let sent: Promise<SignInOutcome> = Promise.resolve({ kind: 'refused', message: 'not sent', unconfirmed: null });
    act(() => {
      sent = view.current.signIn('maya@example.com', 'long enough password');
    });
    void sent.then((answer) => {
      outcome = answer;
    });
    await settle();
    expect(outcome).toBeNull();
    expect(view.current.busy).toBe(true);
    // The runtime arrives, as PortalProvider announces it.
    announceRuntime(fake.runtime.data);
    view.setPortal(signedOut(fake.runtime));
    await settle();
    expect(outcome).toEqual({ kind: 'signed-in', to: '/shop' });
    expect(view.current.busy).toBe(false);
  });

  it('refuses a malformed address before asking the server, and offline says so', async () => {
    const fake = fakeRuntime(authServer({}));
    const view = render(() => useSignIn('/'), signedOut(fake.runtime));
    await settle();
    let outcome: SignInOutcome | null = null;
    await act(async () => {
      outcome = await view.current.signIn('maya', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'refused', message: EMAIL_INVALID, unconfirmed: null });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => {
      outcome = await view.current.signIn('maya@example.com', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'refused', message: OFFLINE, unconfirmed: null });
  });

  it('a wrong password is refused in plain words; an unconfirmed account offers its link again', async () => {
    let code = 'invalid_credentials';
    const signInWithPassword = vi.fn(() => Promise.resolve({ error: { message: 'x', code, status: 400 } }));
    const fake = fakeRuntime(authServer({ signInWithPassword }));
    const view = render(() => useSignIn('/'), signedOut(fake.runtime));
    let outcome: SignInOutcome | null = null;
    await act(async () => {
      outcome = await view.current.signIn(' maya@example.com ', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS, unconfirmed: null });
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'maya@example.com', password: 'long enough password' });
    code = 'email_not_confirmed';
    await act(async () => {
      outcome = await view.current.signIn('maya@example.com', 'long enough password');
    });
    expect(outcome).toMatchObject({ kind: 'refused', unconfirmed: 'maya@example.com' });
  });

  it('a right password for an account with an authenticator app asks for its code, and nobody is signed in yet', async () => {
    const fake = fakeRuntime(
      authServer({
        signInWithPassword: () => Promise.resolve({ error: null }),
        mfa: {
          getAuthenticatorAssuranceLevel: () => Promise.resolve({ data: { currentLevel: 'aal1', nextLevel: 'aal2' } }),
          listFactors: () => Promise.resolve({ data: { totp: [{ id: 'factor-1' }] }, error: null }),
        },
      }),
    );
    const view = render(() => useSignIn('/'), signedOut(fake.runtime));
    await settle();
    // Coming back to the page after leaving the code step asks for the code too.
    expect(view.current.factorId).toBe('factor-1');
    let outcome: SignInOutcome | null = null;
    await act(async () => {
      outcome = await view.current.signIn('maya@example.com', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'second-factor' });
    expect(view.current.account).toBe('signed-out');
  });

  it('signed in, goes where the student was going, or to onboarding when they never answered it', async () => {
    let profile = { ...PROFILE, where_from: null as string | null };
    const fake = fakeRuntime(
      authServer(
        {
          signInWithPassword: () => Promise.resolve({ error: null }),
          getSession: () => Promise.resolve({ data: { session: { user: { id: USER } } } }),
        },
        { from: fakeFrom(() => ({ data: profile, error: null })) },
      ),
    );
    const view = render(() => useSignIn('/shop'), signedOut(fake.runtime));
    let outcome: SignInOutcome | null = null;
    await act(async () => {
      outcome = await view.current.signIn('maya@example.com', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'signed-in', to: '/onboarding' });
    profile = { ...PROFILE, where_from: 'A teacher' };
    await act(async () => {
      outcome = await view.current.signIn('maya@example.com', 'long enough password');
    });
    expect(outcome).toEqual({ kind: 'signed-in', to: '/shop' });
  });

  it('a sign-up the server wants confirmed by mail says where to look, and its link can be sent again', async () => {
    const resend = vi.fn(() => Promise.resolve({ error: null }));
    const fake = fakeRuntime(authServer({ signUp: () => Promise.resolve({ data: { session: null }, error: null }), resend }));
    const view = render(() => useSignIn('/'), signedOut(fake.runtime));
    let outcome: SignInOutcome | null = null;
    await act(async () => {
      outcome = await view.current.signUp('new@example.com', 'a long new password');
    });
    expect(outcome).toEqual({ kind: 'check-email', email: 'new@example.com' });
    let refusal: string | null = 'not asked';
    await act(async () => {
      refusal = await view.current.resend('new@example.com');
    });
    expect(refusal).toBeNull();
    expect(resend).toHaveBeenCalledWith(expect.objectContaining({ type: 'signup', email: 'new@example.com' }));
  });
});

describe('useRecovery', () => {
  it('checks the code and the address before asking, then signs in with the mail’s code', async () => {
    const verifyOtp = vi.fn(() => Promise.resolve({ error: null }));
    const resetPasswordForEmail = vi.fn(() => Promise.resolve({ error: null }));
    const fake = fakeRuntime(authServer({ verifyOtp, resetPasswordForEmail }));
    const view = render(useRecovery, signedOut(fake.runtime));
    const answers: (string | null)[] = [];
    await act(async () => {
      answers.push(await view.current.verifyCode('maya@example.com', '12345'));
      answers.push(await view.current.verifyCode('maya', '123456'));
      answers.push(await view.current.verifyCode('maya@example.com', '123 456'));
      answers.push(await view.current.requestReset('maya@example.com '));
    });
    expect(answers).toEqual([RESET_CODE_FORMAT, `${EMAIL_INVALID} Enter the address the mail went to above.`, null, null]);
    expect(verifyOtp).toHaveBeenCalledTimes(1);
    expect(verifyOtp).toHaveBeenCalledWith({ email: 'maya@example.com', token: '123456', type: 'recovery' });
    expect(resetPasswordForEmail).toHaveBeenCalledWith('maya@example.com', { redirectTo: `${window.location.origin}/change-password` });
  });
});

const TOKENS = 'access_token=a.b.c&expires_in=3600&expires_at=4102444800&refresh_token=r1&token_type=bearer&type=recovery';

describe('useUrlSession', () => {
  it('waits for the runtime, then reports an address without a session as failed when one is required', async () => {
    const view = render(() => useUrlSession(true), LOADING);
    expect(view.current).toEqual({ state: 'waiting' });
    view.setPortal(signedOut(fakeRuntime().runtime));
    await settle();
    expect(view.current).toEqual({ state: 'failed', message: NO_URL_SESSION });
  });

  it('signs in once with the link’s session and takes the tokens off the address bar', async () => {
    window.history.replaceState(null, '', `/change-password#${TOKENS}`);
    const setSession = vi.fn(() => Promise.resolve({ error: null }));
    const fake = fakeRuntime(authServer({ setSession }));
    const view = render(() => useUrlSession(false), signedOut(fake.runtime));
    await settle();
    expect(view.current).toEqual({ state: 'set', type: 'recovery' });
    expect(setSession).toHaveBeenCalledTimes(1);
    expect(setSession).toHaveBeenCalledWith({ access_token: 'a.b.c', refresh_token: 'r1' });
    expect(window.location.href).not.toContain('access_token');
  });

  it('says nothing about an ordinary address when no session is required', async () => {
    const view = render(() => useUrlSession(false), signedOut(fakeRuntime().runtime));
    await settle();
    expect(view.current).toEqual({ state: 'none' });
  });
});

describe('useChangePassword', () => {
  it('waits while the account loads, asks a signed-out student to sign in, and offers the form signed in', async () => {
    const view = render(useChangePassword, LOADING);
    expect(view.current.phase).toBe('waiting');
    const fake = fakeRuntime(authServer({ updateUser: () => Promise.resolve({ error: null }) }));
    view.setPortal(signedOut(fake.runtime));
    await settle();
    expect(view.current.phase).toBe('no-session');
    view.setPortal(signedIn(fake.runtime, USER, 'maya@example.com'));
    await settle();
    expect(view.current.phase).toBe('ready');
    expect(view.current.email).toBe('maya@example.com');
    const answers: (string | null)[] = [];
    await act(async () => {
      answers.push(await view.current.change('a long new password', 'another long password'));
      answers.push(await view.current.change('a long new password', 'a long new password'));
    });
    expect(answers).toEqual([PASSWORDS_DIFFER, null]);
  });

  it('shows why a reset link did not sign the student in', async () => {
    window.history.replaceState(null, '', '/change-password#error=access_denied&error_description=Email+link+is+invalid+or+has+expired');
    const view = render(useChangePassword, signedOut(fakeRuntime().runtime));
    await settle();
    expect(view.current.phase).toBe('no-session');
    expect(view.current.linkError).toBe('Email link is invalid or has expired');
  });
});

describe('useSignOut', () => {
  it('signed out there is nothing to do; signed in with nothing unsent, the device is signed out', async () => {
    const signOut = vi.fn(() => Promise.resolve({ error: null }));
    const view = render(useSignOut, SIGNED_OUT);
    await act(async () => {
      expect(await view.current.signOut()).toEqual({ kind: 'cancelled' });
    });
    view.setPortal(signedIn(fakeRuntime(authServer({ signOut })).runtime));
    await act(async () => {
      expect(await view.current.signOut()).toEqual({ kind: 'signed-out' });
    });
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
