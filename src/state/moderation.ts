import { useEffect, useState } from 'react';
import { moderate, type Decision } from '../data/actions/moderate.ts';
import { fetchModerationDesk, type ModerationDesk } from '../data/queries/fetchModerationDesk.ts';
import { fetchMatch, type MatchRow } from '../data/queries/fetchMatch.ts';
import { fetchModeratorAccess } from '../data/queries/fetchModeratorAccess.ts';
import { fetchProofImage } from '../data/queries/fetchProofImage.ts';
import { fetchStudentAchievements, type StudentAchievement } from '../data/queries/fetchStudentAchievements.ts';
import { fetchStudentInvites, type StudentInvite } from '../data/queries/fetchStudentInvites.ts';
import { ok, type Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import { NOT_LOGGED_IN } from '../domain/messages.ts';
import { useAccount, useDataSource } from './account.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { Decision } from '../data/actions/moderate.ts';
export type { ModerationDecision, ModerationDesk, ReportedGame } from '../data/queries/fetchModerationDesk.ts';
export type { MatchRow } from '../data/queries/fetchMatch.ts';
export type { StudentInvite } from '../data/queries/fetchStudentInvites.ts';
export type { StudentAchievement } from '../data/queries/fetchStudentAchievements.ts';

/** The server's words when a student who is no moderator asks for the desk. */
const NOT_A_MODERATOR = 'Only a moderator can do this.';

/** A decision on the desk: made, or the server's reason it was not. */
export type DecisionOutcome = { ok: true } | { ok: false; message: string };

/** One student's rows as the desk looked them up by username: nobody asked yet, the read, or the server's refusal. */
export type StudentLookup<T> = { state: 'idle' } | Loadable<{ username: string; rows: T[] }>;
/** A student's open invite links (issue 28). */
export type InviteLookup = StudentLookup<StudentInvite>;
/** A student's achievements, taken-back ones too (issue 29). */
export type AchievementLookup = StudentLookup<StudentAchievement>;

export interface ModerationDeskView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** 'not-a-moderator': the server refused the desk to this student. */
  desk: Loadable<ModerationDesk> | { state: 'not-a-moderator' };
  /** Makes the decision on the server, then reads the desk again whatever came of it. */
  decide: (decision: Decision) => Promise<DecisionOutcome>;
  /** Reads the desk again, for cases that came in since. */
  checkAgain: () => void;
  /** The open invite links of the student last looked up (a decision reads them again too). */
  invites: InviteLookup;
  /** Looks up a student's open invite links by username. */
  findInvites: (username: string) => void;
  /** The achievements of the student last looked up (a decision reads them again too). */
  achievements: AchievementLookup;
  /** Looks up a student's achievements by username. */
  findAchievements: (username: string) => void;
}

/** A desk look-up by username, kept under the name asked: a read of an earlier name is not this student's. */
function useStudentLookup<T extends { username: string }>(
  key: string,
  read: (source: DataSource, username: string) => Promise<Result<T[]>>,
): { lookup: StudentLookup<T>; find: (username: string) => void; reload: () => void } {
  const [asked, setAsked] = useState<string | null>(null);
  const [found, reload] = useServerRead(`${key}:${asked ?? ''}`, async (source) => {
    if (asked === null) return ok(null);
    const answer = await read(source, asked);
    return answer.error ? answer : ok({ asked, rows: answer.data });
  });
  const lookup: StudentLookup<T> =
    asked === null
      ? { state: 'idle' }
      : found.state === 'ready'
        ? found.data.asked === asked
          ? { state: 'ready', data: { username: found.data.rows[0]?.username ?? asked, rows: found.data.rows } }
          : { state: 'loading' }
        : found;
  const find = (username: string) => {
    const name = username.trim();
    if (name === asked) reload();
    else setAsked(name);
  };
  return { lookup, find, reload };
}

/** The moderation desk (issue 20): its queues and record, read from the server, and the decisions on them. */
export function useModerationDesk(): ModerationDeskView {
  const account = useAccount();
  const [read, reload] = useServerRead('desk', fetchModerationDesk);
  const invites = useStudentLookup('desk-invites', fetchStudentInvites);
  const achievements = useStudentLookup('desk-achievements', fetchStudentAchievements);
  const data = account.state === 'signed-in' ? account.data : null;

  async function decide(decision: Decision): Promise<DecisionOutcome> {
    if (data === null) return { ok: false, message: NOT_LOGGED_IN };
    const { error } = await moderate(data, decision);
    reload();
    if (decision.kind === 'friend-invite') invites.reload();
    if (decision.kind === 'achievement') achievements.reload();
    return error ? { ok: false, message: error.message } : { ok: true };
  }

  const desk = read.state === 'error' && read.message === NOT_A_MODERATOR ? { state: 'not-a-moderator' as const } : read;
  return {
    account: account.state,
    desk,
    decide,
    checkAgain: reload,
    invites: invites.lookup,
    findInvites: invites.find,
    achievements: achievements.lookup,
    findAchievements: achievements.find,
  };
}

/** A reported game with its moves, as the desk reads it once a moderator opens it (get_match lets a moderator read a reported game). */
export function useReportedGame(matchId: number): Loadable<MatchRow> {
  const [game] = useServerRead(`desk-game:${matchId}`, (source) => fetchMatch(source, matchId));
  return game;
}

/** Whether the signed-in student is a moderator; false until the server says so (and offline). */
export function useModeratorAccess(userId: string): boolean {
  const [access] = useServerRead(`moderator:${userId}`, fetchModeratorAccess);
  return access.state === 'ready' && access.data;
}

export type ProofImage = { url: string } | { error: string } | null;

/** A score's proof, read from the private bucket and shown from memory; its object URL is freed when it goes. */
export function useProofImage(objectName: string): ProofImage {
  const data = useDataSource();
  const [shown, setShown] = useState<{ objectName: string; image: Exclude<ProofImage, null> } | null>(null);

  useEffect(() => {
    if (data === null) return;
    let url: string | null = null;
    let cancelled = false;
    void fetchProofImage(data, objectName).then(({ data: blob, error }) => {
      if (cancelled) return;
      if (error) {
        setShown({ objectName, image: { error: error.message } });
        return;
      }
      url = URL.createObjectURL(blob);
      setShown({ objectName, image: { url } });
    });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [data, objectName]);

  return shown !== null && shown.objectName === objectName ? shown.image : null;
}
