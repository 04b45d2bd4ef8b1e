// The account's door for the auth screens: signing in and up, the second factor, password recovery, the
// session an auth mail's link brings, a new password and signing out (two-step settings: twoFactor.ts).
// Every action resolves to what the page shows (a refusal in the student's words, or where to go next).
import { useEffect, useState } from 'react';
import { changePassword } from '../data/actions/changePassword.ts';
import { requestPasswordReset } from '../data/actions/requestPasswordReset.ts';
import { resendConfirmation } from '../data/actions/resendConfirmation.ts';
import { setUrlSession } from '../data/actions/setUrlSession.ts';
import { signIn as signInWithPassword } from '../data/actions/signIn.ts';
import { signOutSafely } from '../data/actions/signOut.ts';
import { signUp as signUpWithPassword } from '../data/actions/signUp.ts';
import { verifyRecoveryCode } from '../data/actions/verifyRecoveryCode.ts';
import { verifyTotp } from '../data/actions/verifyTotp.ts';
import { isOnline } from '../data/online.ts';
import { fetchPendingSecondFactor } from '../data/queries/fetchPendingSecondFactor.ts';
import { fetchSignedInUserId } from '../data/queries/fetchSignedInUserId.ts';
import { refreshOwnProfile } from '../data/queries/refreshOwnProfile.ts';
import type { Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import { authErrorMessage, OFFLINE, STARTING } from '../domain/authErrors.ts';
import { validateChosenPassword, validateEmail, validateNewPassword, validatePassword } from '../domain/credentials.ts';
import { sessionFromUrl, type UrlSessionResult } from '../domain/urlSession.ts';
import { useAccount, useDataSource } from './account.ts';
import { dataWhenLoaded } from './runtimeArrival.ts';
import { useBusy } from './useBusy.ts';

export const RESET_CODE_FORMAT = 'The code is the 6 digits in the reset mail.';

/** Where a confirmation mail's link lands: the callback signs the student in and goes on. */
function confirmUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** Why an action that needs the server cannot start: the runtime is not there yet, or the device is offline. */
function cannotAsk(data: DataSource | null): string | null {
  if (data === null) return STARTING;
  return isOnline() ? null : OFFLINE;
}

/** An action's answer as the page shows it: null when it worked, else the refusal in plain words. */
function refusalOf(result: Result<unknown>): string | null {
  return result.error ? authErrorMessage(result.error) : null;
}

/**
 * Where a student goes once signed in: onboarding when they never answered it (this is the one time
 * they are led there), else where they were going.
 */
async function destinationAfterSignIn(data: DataSource, next: string): Promise<string> {
  const userId = await fetchSignedInUserId(data);
  if (userId === null) return next;
  try {
    const profile = await refreshOwnProfile(data, userId);
    return profile && profile.where_from === null ? '/onboarding' : next;
  } catch {
    // No profile yet (the server will make one on the next read): onboarding can wait for another sign-in.
    return next;
  }
}

export type SignInOutcome =
  /** `unconfirmed`: the address of an account that waits for its confirmation link, which may be sent again. */
  | { kind: 'refused'; message: string; unconfirmed: string | null }
  /** A sign-up the server wants confirmed by mail: nothing is signed in yet. */
  | { kind: 'check-email'; email: string }
  /** The password was right and the account has an authenticator app: `factorId` now asks for its code. */
  | { kind: 'second-factor' }
  | { kind: 'signed-in'; to: string };

export interface SignInView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The signed-in student's address. */
  email: string | undefined;
  /** The authenticator app to ask a code for before anyone is signed in; null when none is waiting. */
  factorId: string | null;
  busy: boolean;
  signIn: (email: string, password: string) => Promise<SignInOutcome>;
  signUp: (email: string, password: string) => Promise<SignInOutcome>;
  /** Sends the confirmation link again; null when sent, else the refusal. */
  resend: (email: string) => Promise<string | null>;
  /** Checks the authenticator app's code; null when the student is signed in, else the refusal. */
  verifyFactor: (code: string) => Promise<string | null>;
  /** Where to go after the second factor. */
  destination: () => Promise<string>;
}

/** Signing in and up with e-mail and password; `next` is where the student was going. */
export function useSignIn(next: string): SignInView {
  const account = useAccount();
  const data = useDataSource();
  const [busy, run] = useBusy();
  const [factorId, setFactorId] = useState<string | null>(null);
  const waitingForFactor = account.state === 'signed-out' ? account.data : null;

  // A student who left the code step after the password is still signed out: coming back here asks for the code.
  useEffect(() => {
    if (waitingForFactor === null) return;
    let live = true;
    fetchPendingSecondFactor(waitingForFactor)
      .then((pending) => {
        if (live && pending !== null) setFactorId(pending);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [waitingForFactor]);

  async function enter(email: string, password: string, creating: boolean): Promise<SignInOutcome> {
    const address = email.trim();
    const problem = validateEmail(email) ?? (creating ? validateChosenPassword(password) : validatePassword(password));
    if (problem !== null) return { kind: 'refused', message: problem, unconfirmed: null };
    return run(async () => {
      // Sent before the runtime has loaded: the form waits for it (busy meanwhile) rather than refusing.
      const source = await dataWhenLoaded(data);
      const blocked = cannotAsk(source);
      if (blocked !== null || source === null) return { kind: 'refused', message: blocked ?? STARTING, unconfirmed: null };
      try {
        const result = creating ? await signUpWithPassword(source, address, password, confirmUrl()) : await signInWithPassword(source, address, password);
        if (result.error) {
          const unconfirmed = result.error.code === 'email_not_confirmed' ? address : null;
          return { kind: 'refused', message: authErrorMessage(result.error), unconfirmed };
        }
        if (result.data === 'check-email') return { kind: 'check-email', email: address };
        const factor = creating ? null : await fetchPendingSecondFactor(source);
        if (factor !== null) {
          setFactorId(factor);
          return { kind: 'second-factor' };
        }
        return { kind: 'signed-in', to: await destinationAfterSignIn(source, next) };
      } catch (thrown) {
        return { kind: 'refused', message: authErrorMessage({ message: thrown instanceof Error ? thrown.message : String(thrown) }), unconfirmed: null };
      }
    });
  }

  return {
    account: account.state,
    email: account.state === 'signed-in' ? account.session.user.email : undefined,
    factorId: data === null ? null : factorId,
    busy,
    signIn: (email, password) => enter(email, password, false),
    signUp: (email, password) => enter(email, password, true),
    async resend(email) {
      const problem = cannotAsk(data);
      if (problem !== null || data === null) return problem;
      return run(async () => refusalOf(await resendConfirmation(data, email, confirmUrl())));
    },
    async verifyFactor(code) {
      if (data === null || factorId === null) return STARTING;
      return refusalOf(await verifyTotp(data, factorId, code));
    },
    destination: () => (data === null ? Promise.resolve(next) : destinationAfterSignIn(data, next)),
  };
}

export interface RecoveryView {
  busy: boolean;
  /** Asks for a reset mail; null when it is on its way (the answer is the same for an address no account uses). */
  requestReset: (email: string) => Promise<string | null>;
  /** Signs in with the reset mail's 6-digit code; null when the change-password page can take over. */
  verifyCode: (email: string, code: string) => Promise<string | null>;
}

/** A forgotten password: the reset mail, and its code for a mail read on another device. */
export function useRecovery(): RecoveryView {
  const data = useDataSource();
  const [busy, run] = useBusy();
  return {
    busy,
    async requestReset(email) {
      const problem = validateEmail(email) ?? cannotAsk(data);
      if (problem !== null || data === null) return problem;
      return run(async () => refusalOf(await requestPasswordReset(data, email.trim(), `${window.location.origin}/change-password`)));
    },
    async verifyCode(email, code) {
      const digits = code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(digits)) return RESET_CODE_FORMAT;
      const emailProblem = validateEmail(email);
      if (emailProblem !== null) return `${emailProblem} Enter the address the mail went to above.`;
      const problem = cannotAsk(data);
      if (problem !== null || data === null) return problem;
      return run(async () => refusalOf(await verifyRecoveryCode(data, email, digits)));
    },
  };
}

export type UrlSessionState =
  | { state: 'waiting' }
  | { state: 'none' }
  | { state: 'set'; type: string | null }
  | { state: 'failed'; message: string };

/** True when the address carries auth redirect parameters (tokens or an error) worth reading. */
function carriesAuth(href: string): boolean {
  return /[#?&](access_token|refresh_token|error_description)=/.test(href);
}

/** What the address held when the page opened: no auth parameters at all, or what they said. */
type UrlFinding = { none: true } | { none: false; parsed: UrlSessionResult };

function readUrl(required: boolean): UrlFinding {
  const href = window.location.href;
  return !required && !carriesAuth(href) ? { none: true } : { none: false, parsed: sessionFromUrl(href) };
}

/** One sign-in per link: a page drawn twice (React's strict mode) must not spend the refresh token twice. */
const answers = new WeakMap<UrlFinding, Promise<UrlSessionState>>();

function signInWithUrl(data: DataSource, finding: UrlFinding & { none: false }): Promise<UrlSessionState> {
  let answer = answers.get(finding);
  if (answer === undefined) {
    const { parsed } = finding;
    answer = parsed.ok
      ? setUrlSession(data, parsed.session).then(({ error }) =>
          error ? { state: 'failed', message: authErrorMessage(error) } : { state: 'set', type: parsed.session.type },
        )
      : Promise.resolve({ state: 'failed', message: parsed.message });
    answers.set(finding, answer);
  }
  return answer;
}

/**
 * Takes the session an auth redirect put in the URL (detectSessionInUrl is off, so nothing else
 * does), signs in with it, and removes the tokens from the address bar.
 * `required` reports a URL without a session as failed ('No session defined in URL').
 */
export function useUrlSession(required: boolean): UrlSessionState {
  const data = useDataSource();
  const [finding] = useState(() => readUrl(required));
  const [answer, setAnswer] = useState<UrlSessionState>({ state: 'waiting' });

  useEffect(() => {
    if (finding.none) return;
    // The tokens are secrets: off the address bar (and out of the history) whatever happens next.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [finding]);

  useEffect(() => {
    if (data === null || finding.none) return;
    let cancelled = false;
    void signInWithUrl(data, finding).then((state) => {
      if (!cancelled) setAnswer(state);
    });
    return () => {
      cancelled = true;
    };
  }, [data, finding]);

  if (data === null) return { state: 'waiting' };
  return finding.none ? { state: 'none' } : answer;
}

export interface ChangePasswordView {
  /** waiting: the runtime, the session or the link's answer is not known yet; no-session: nobody may choose a password. */
  phase: 'waiting' | 'no-session' | 'ready';
  /** Why a reset link did not sign the student in. */
  linkError: string | null;
  email: string | undefined;
  busy: boolean;
  /** Sets the new password; null when it is changed, else the refusal. */
  change: (password: string, confirmation: string) => Promise<string | null>;
}

/**
 * Choosing a new password: after following a reset mail's link (its recovery session arrives in the
 * URL fragment) or, signed in, from settings.
 */
export function useChangePassword(): ChangePasswordView {
  const account = useAccount();
  const data = useDataSource();
  const link = useUrlSession(false);
  const [busy, run] = useBusy();
  const waiting = data === null || link.state === 'waiting' || (link.state === 'none' && account.state === 'loading');
  const phase = waiting ? 'waiting' : link.state === 'failed' || account.state !== 'signed-in' ? 'no-session' : 'ready';
  return {
    phase,
    linkError: link.state === 'failed' ? link.message : null,
    email: account.state === 'signed-in' ? account.session.user.email : undefined,
    busy,
    async change(password, confirmation) {
      const problem = validateNewPassword(password, confirmation) ?? cannotAsk(data);
      if (problem !== null || data === null) return problem;
      return run(async () => refusalOf(await changePassword(data, password)));
    },
  };
}

export type SignOutOutcome = { kind: 'signed-out' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/**
 * Signing out without dropping queued changes (data/actions/signOut.ts): with changes unsent it asks
 * first. The page reloads after 'signed-out', as the spec's sign-out does.
 */
export function useSignOut(): { busy: boolean; signOut: () => Promise<SignOutOutcome> } {
  const account = useAccount();
  const [busy, run] = useBusy();
  return {
    busy,
    signOut: () =>
      run(async () => {
        if (account.state !== 'signed-in') return { kind: 'cancelled' };
        const { runtime } = account;
        try {
          return { kind: await signOutSafely(runtime.data, () => runtime.currentUserId()) };
        } catch (error) {
          return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
        }
      }),
  };
}
