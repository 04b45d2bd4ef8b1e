import { useEffect, useState } from 'react';
import { addCreatorSocial } from '../data/actions/addCreatorSocial.ts';
import { createCreatorVideo, type VideoFields } from '../data/actions/createCreatorVideo.ts';
import { deleteCreatorVideo } from '../data/actions/deleteCreatorVideo.ts';
import { submitCreatorApplication } from '../data/actions/submitCreatorApplication.ts';
import { updateCreatorVideo } from '../data/actions/updateCreatorVideo.ts';
import { withdrawCreatorApplication } from '../data/actions/withdrawCreatorApplication.ts';
import type { CreatorSummary, SocialRow, VideoCard, VideoRow } from '../data/creatorCards.ts';
import { isOnline } from '../data/online.ts';
import { fetchCreatorAccess } from '../data/queries/fetchCreatorAccess.ts';
import { fetchCreatorPage, type CreatorPage } from '../data/queries/fetchCreatorPage.ts';
import { fetchCreators } from '../data/queries/fetchCreators.ts';
import { fetchOwnCreatorApplication, type OwnCreatorApplication } from '../data/queries/fetchOwnCreatorApplication.ts';
import { fetchOwnSocial } from '../data/queries/fetchOwnSocial.ts';
import { fetchOwnSocials } from '../data/queries/fetchOwnSocials.ts';
import { fetchSocialVideo } from '../data/queries/fetchSocialVideo.ts';
import { fetchSocialVideos } from '../data/queries/fetchSocialVideos.ts';
import { fetchVideos } from '../data/queries/fetchVideos.ts';
import { isUnreachable, ok, type Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import { APPLYING_NEEDS_CONNECTION, type ApplicationInput } from '../domain/creatorApplication.ts';
import { describeWriteError } from '../domain/creatorWriteError.ts';
import { NOT_LOGGED_IN } from '../domain/messages.ts';
import { useAccount } from './account.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { CreatorSummary, SocialRow, VideoCard, VideoRow } from '../data/creatorCards.ts';
export type { VideoFields } from '../data/actions/createCreatorVideo.ts';
export type { CreatorPage } from '../data/queries/fetchCreatorPage.ts';
export type { OwnCreatorApplication } from '../data/queries/fetchOwnCreatorApplication.ts';
export type { Loadable } from './useServerRead.ts';

/** What an action on the server came to: done, or the words for the student. */
export type Outcome = { ok: true } | { ok: false; message: string };

const DONE: Outcome = { ok: true };

export type CreatorAccess =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'error'; message: string }
  | { state: 'not-creator' | 'creator'; userId: string };

/**
 * Whether the signed-in user may use the creator tools (a row in creators, granted by an operator or
 * by a moderator on their application), and a way to ask again, as after an application is granted.
 */
export function useCreatorAccess(): [CreatorAccess, () => void] {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [answer, setAnswer] = useState<{ userId: string; creator: boolean } | { userId: string; error: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (data === null || userId === null) return;
    let cancelled = false;
    void fetchCreatorAccess(data).then(({ data: creator, error }) => {
      if (cancelled) return;
      setAnswer(error ? { userId, error: error.message } : { userId, creator });
    });
    return () => {
      cancelled = true;
    };
  }, [data, userId, round]);

  const recheck = () => setRound((r) => r + 1);
  if (account.state === 'signed-out') return [{ state: 'signed-out' }, recheck];
  if (userId === null || answer === null || answer.userId !== userId) return [{ state: 'loading' }, recheck];
  if ('error' in answer) return [{ state: 'error', message: answer.error }, recheck];
  return [{ state: answer.creator ? 'creator' : 'not-creator', userId }, recheck];
}

/** The data source actions run on: null until someone is signed in (the creator gate shows no action before). */
function useActingData(): DataSource | null {
  const account = useAccount();
  return account.state === 'signed-in' ? account.data : null;
}

const NOT_SIGNED_IN: Outcome = { ok: false, message: NOT_LOGGED_IN };

function written(result: Result<unknown>): Outcome {
  return result.error ? { ok: false, message: describeWriteError(result.error) } : DONE;
}

export interface CreatorApplicationView {
  own: Loadable<{ latest: OwnCreatorApplication | null }>;
  /** Asks the server again for the latest application (a moderator may have answered). */
  reload: () => void;
  /** Sends the application; the server's refusal, or a lost connection, comes back as the message. */
  submit: (input: ApplicationInput) => Promise<Outcome>;
  /** 'needs-connection': nothing changed; 'refused': a moderator decided first (the reread shows it). */
  withdraw: () => Promise<{ state: 'withdrawn' } | { state: 'needs-connection' } | { state: 'refused'; message: string }>;
}

/** The not-yet-creator's latest application (issue 20) and the two things they can do with it. */
export function useCreatorApplication(userId: string): CreatorApplicationView {
  const data = useActingData();
  const [own, reload] = useServerRead(`creator-application:${userId}`, fetchOwnCreatorApplication);

  async function submit(input: ApplicationInput): Promise<Outcome> {
    if (data === null) return NOT_SIGNED_IN;
    const { error } = await submitCreatorApplication(data, input);
    if (error) return { ok: false, message: !isOnline() || isUnreachable(error) ? APPLYING_NEEDS_CONNECTION : error.message };
    reload();
    return DONE;
  }

  async function withdraw(): ReturnType<CreatorApplicationView['withdraw']> {
    if (data === null) return { state: 'needs-connection' };
    const { error } = await withdrawCreatorApplication(data);
    if (error && (!isOnline() || isUnreachable(error))) return { state: 'needs-connection' };
    reload();
    return error ? { state: 'refused', message: error.message } : { state: 'withdrawn' };
  }

  return { own, reload, submit, withdraw };
}

/** A creator's own social accounts, and adding one (the list is read again after). */
export function useOwnSocials(userId: string): { socials: Loadable<SocialRow[]>; add: (platform: string, handle: string) => Promise<Outcome> } {
  const data = useActingData();
  const [socials, reload] = useServerRead(`socials:${userId}`, (source) => fetchOwnSocials(source, userId));
  async function add(platform: string, handle: string): Promise<Outcome> {
    if (data === null) return NOT_SIGNED_IN;
    const outcome = written(await addCreatorSocial(data, userId, platform, handle));
    if (outcome.ok) reload();
    return outcome;
  }
  return { socials, add };
}

/** One of the creator's accounts by its id in the address, and its videos; 'error' when it is not theirs. */
export function useSocialVideos(userId: string, socialId: string): { social: Loadable<SocialRow>; videos: Loadable<VideoRow[]> } {
  const [social] = useServerRead(`social:${userId}:${socialId}`, (source) => fetchOwnSocial(source, userId, Number(socialId)));
  const [videos] = useServerRead(`videos:${socialId}`, (source) => fetchSocialVideos(source, Number(socialId)));
  return { social, videos };
}

export interface VideoEditorView {
  social: Loadable<SocialRow>;
  /** false: a new video. */
  video: Loadable<VideoRow | false>;
  /** Creates the video (video null) or saves the changes to it. */
  save: (socialId: number, video: VideoRow | null, fields: VideoFields) => Promise<Outcome>;
  remove: (video: VideoRow) => Promise<Outcome>;
}

/** The video being written ('new', or its id on that account) and its writes. */
export function useVideoEditor(userId: string, socialId: string, videoId: string): VideoEditorView {
  const data = useActingData();
  const [social] = useServerRead(`social:${userId}:${socialId}`, (source) => fetchOwnSocial(source, userId, Number(socialId)));
  const [video] = useServerRead<VideoRow | false>(`video:${socialId}:${videoId}`, async (source) =>
    videoId === 'new' ? ok(false) : fetchSocialVideo(source, Number(socialId), Number(videoId)),
  );
  async function save(social: number, row: VideoRow | null, fields: VideoFields): Promise<Outcome> {
    if (data === null) return NOT_SIGNED_IN;
    return written(row === null ? await createCreatorVideo(data, social, fields) : await updateCreatorVideo(data, row.id, fields));
  }
  async function remove(row: VideoRow): Promise<Outcome> {
    if (data === null) return NOT_SIGNED_IN;
    return written(await deleteCreatorVideo(data, row.id));
  }
  return { social, video, save, remove };
}

/** Every creator video for /yt: featured first, then the newest. Online only. */
export function useCreatorVideos(): Loadable<VideoCard[]> {
  return useServerRead('videos', (source) => fetchVideos(source))[0];
}

/** The videos about one game, for its page. */
export function useGameVideos(appId: string): Loadable<VideoCard[]> {
  return useServerRead(`game-videos:${appId}`, (source) => fetchVideos(source, { appId }))[0];
}

/** Every creator, for /class/creator. */
export function useCreators(): Loadable<CreatorSummary[]> {
  return useServerRead('creators', fetchCreators)[0];
}

/** One creator's page by username; false when nobody of that name is a creator. */
export function useCreatorPage(username: string): Loadable<CreatorPage | false> {
  return useServerRead<CreatorPage | false>(`creator:${username}`, async (source) => {
    const answer = await fetchCreatorPage(source, username);
    return answer.error ? answer : ok(answer.data ?? false);
  })[0];
}
