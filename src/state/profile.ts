// The profile's door: the signed-in student's own profile from the device's copy (kept fresh while
// anyone is signed in), its edits, anyone's public profile and recent plays, and onboarding.
import { useLiveRead } from './liveRead.ts';
import { useEffect, useState } from 'react';
import { completeOnboarding } from '../data/actions/completeOnboarding.ts';
import { saveProfile, type ProfileFields, type SaveOutcome } from '../data/actions/saveProfile.ts';
import { isOnline } from '../data/online.ts';
import { fetchPublicProfile } from '../data/queries/fetchPublicProfile.ts';
import { fetchRecentPlays, type TitledPlay } from '../data/queries/fetchRecentPlays.ts';
import { ProfileUnavailableError, refreshOwnProfile } from '../data/queries/refreshOwnProfile.ts';
import { readOwnProfile, type OwnProfile } from '../data/reads/ownProfile.ts';
import { readProfile } from '../data/reads/profile.ts';
import { readShopItems } from '../data/reads/shopItems.ts';
import { OFFLINE, STARTING } from '../domain/authErrors.ts';
import { PROFILE_FAILED } from '../domain/messages.ts';
import type { ShownProfile } from '../domain/shownProfile.ts';
import type { ProfileRow, ShopItemRow } from '../store/db.ts';
import { notice } from '../ui/notice.tsx';
import { useAccount, useDataSource } from './account.ts';
import type { PortalRuntime } from './runtime.ts';
import { useBusy } from './useBusy.ts';
import { useRefresh } from './useRefresh.ts';

export { PROFILE_QUEUED } from '../data/actions/saveProfile.ts';
export type { ProfileFields, SaveOutcome } from '../data/actions/saveProfile.ts';
export type { TitledPlay } from '../data/queries/fetchRecentPlays.ts';
export type { OwnProfile } from '../data/reads/ownProfile.ts';
export type { ProfileRow, ShopItemRow } from '../store/db.ts';

/**
 * The signed-in student in the navbar: the profile row from the device's copy, so it shows offline.
 * Mounted whenever someone is signed in, it also keeps the copy fresh (now, and on every read-back).
 */
export function useAccountBadge(): ProfileRow | undefined {
  const account = useAccount();
  const runtime = account.state === 'signed-in' ? account.runtime : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const profile = useLiveRead(async () => (runtime === null || userId === null ? undefined : readProfile(runtime.data, userId)), [runtime, userId]);

  useEffect(() => {
    if (runtime === null || userId === null) return;
    let cancelled = false;
    const remove = runtime.addReconciler(async (id) => {
      await refreshOwnProfile(runtime.data, id);
    });
    refreshOwnProfile(runtime.data, userId).catch((error: unknown) => {
      // Offline the mirrored profile is shown as it is; only a reachable server that cannot give one is news.
      if (cancelled || (error instanceof ProfileUnavailableError && error.offline)) return;
      notice.error(PROFILE_FAILED, { id: 'profile-failed' });
    });
    return () => {
      cancelled = true;
      remove();
    };
  }, [runtime, userId]);

  return profile;
}

export interface ProfileView {
  account: 'loading' | 'signed-out' | 'signed-in';
  email: string | undefined;
  userId: string | null;
  /** From the device's copy: undefined while reading (or signed out), null when none is mirrored yet. */
  profile: OwnProfile | null | undefined;
  /** Online the server answers at once (a taken username is refused); offline the edit queues and shows. */
  save: (fields: ProfileFields) => Promise<SaveOutcome>;
}

/** The signed-in student's own profile and its edits. */
export function useProfile(): ProfileView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const profile = useLiveRead(async () => (data === null || userId === null ? undefined : readOwnProfile(data, userId)), [data, userId]);
  return {
    account: account.state,
    email: account.state === 'signed-in' ? account.session.user.email : undefined,
    userId,
    profile,
    save: (fields) => (data === null || userId === null ? Promise.resolve({ ok: false, message: STARTING }) : saveProfile(data, userId, fields)),
  };
}

/** An online read's answer, kept with what it was asked for: a page that asks for another shows loading, not the old answer. */
interface Answer<K, T> {
  key: K;
  value: T;
}

/** The 6 most recent plays of a username, from the server: null while loading, or the failure. */
export function useRecentPlays(username: string | undefined): TitledPlay[] | null | Error {
  const data = useDataSource();
  const [answer, setAnswer] = useState<Answer<string, TitledPlay[] | Error> | null>(null);
  useEffect(() => {
    if (data === null || username === undefined) return;
    let cancelled = false;
    void fetchRecentPlays(data, username).then(({ data: found, error }) => {
      if (!cancelled) setAnswer({ key: username, value: error ? new Error(error.message) : found });
    });
    return () => {
      cancelled = true;
    };
  }, [data, username]);
  return answer !== null && answer.key === username ? answer.value : null;
}

export type PublicProfileState = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'found'; profile: ShownProfile };

const NO_ITEMS: ShopItemRow[] = [];

/** Anyone's public profile by username (online only), with the catalogue's items its badges name. */
export function usePublicProfile(username: string): { result: PublicProfileState; items: ShopItemRow[] } {
  const data = useDataSource();
  const [answer, setAnswer] = useState<Answer<string, PublicProfileState> | null>(null);
  useEffect(() => {
    if (data === null) return;
    let cancelled = false;
    void fetchPublicProfile(data, username).then(({ data: found, error }) => {
      if (cancelled) return;
      const value: PublicProfileState = error ? { state: 'failed', message: error.message } : found ? { state: 'found', profile: found } : { state: 'missing' };
      setAnswer({ key: username, value });
    });
    return () => {
      cancelled = true;
    };
  }, [data, username]);
  const items = useLiveRead(async () => (data === null ? NO_ITEMS : readShopItems(data)), [data]) ?? NO_ITEMS;
  return { result: answer !== null && answer.key === username ? answer.value : { state: 'loading' }, items };
}

export interface OnboardingAnswers {
  /** The username to keep or choose; ignored while no profile is mirrored. */
  username: string;
  whereFrom: string;
  whoFrom: string | null;
}

/** Why onboarding did not finish, shown beside what it is about: the name, or (offline, a server failure) the form. */
export interface OnboardingRefusal {
  text: string;
  about: 'username' | 'form';
}

export interface OnboardingView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** The profile the server made on first read (its made-up username is offered); null until mirrored. */
  profile: ProfileRow | null;
  /** The student answered before. */
  done: boolean;
  /** The answers can be sent (someone is signed in and the runtime is there). */
  ready: boolean;
  busy: boolean;
  /** Saves a changed username first (a taken one stops here), then the answers; null when both are stored. */
  finish: (answers: OnboardingAnswers) => Promise<OnboardingRefusal | null>;
}

/** The profile (and the made-up username offered in the form) is made by the server on first read. */
function refreshProfile(runtime: PortalRuntime, userId: string | null): Promise<unknown> {
  return userId === null ? Promise.resolve() : refreshOwnProfile(runtime.data, userId);
}

/** The questions a new student answers once: a username, and where they heard about the portal. */
export function useOnboarding(): OnboardingView {
  const own = useProfile();
  const data = useDataSource();
  const [busy, run] = useBusy();
  useRefresh(['Profile'], refreshProfile);
  const profile = own.profile?.row ?? null;
  const { userId } = own;

  async function finish(answers: OnboardingAnswers): Promise<OnboardingRefusal | null> {
    if (data === null || userId === null) return { text: STARTING, about: 'form' };
    if (!isOnline()) return { text: OFFLINE, about: 'form' };
    return run(async () => {
      // The name first: a taken one is refused before anything else is stored.
      if (profile !== null && answers.username !== profile.username) {
        const saved = await own.save({ username: answers.username, icon: profile.icon, about: profile.user_about ?? '' });
        if (!saved.ok) return { text: saved.message, about: isOnline() ? 'username' : 'form' };
      }
      const { error } = await completeOnboarding(data, userId, answers.whereFrom, answers.whoFrom);
      return error ? { text: isOnline() ? error.message : OFFLINE, about: 'form' } : null;
    });
  }

  return {
    account: own.account,
    profile,
    done: own.profile?.row.where_from != null,
    ready: data !== null && userId !== null,
    busy,
    finish,
  };
}
