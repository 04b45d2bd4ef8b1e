import { useEffect, useState } from 'react';
import { moderate, type Decision } from '../data/actions/moderate.ts';
import { fetchModerationDesk, type ModerationDesk } from '../data/queries/fetchModerationDesk.ts';
import { fetchMatch, type MatchRow } from '../data/queries/fetchMatch.ts';
import { fetchModeratorAccess } from '../data/queries/fetchModeratorAccess.ts';
import { fetchProofImage } from '../data/queries/fetchProofImage.ts';
import { fetchStudentInvites, type StudentInvite } from '../data/queries/fetchStudentInvites.ts';
import { ok } from '../data/result.ts';
import { NOT_LOGGED_IN } from '../domain/messages.ts';
import { useAccount, useDataSource } from './account.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { Decision } from '../data/actions/moderate.ts';
export type { ModerationDecision, ModerationDesk, ReportedGame } from '../data/queries/fetchModerationDesk.ts';
export type { MatchRow } from '../data/queries/fetchMatch.ts';
export type { StudentInvite } from '../data/queries/fetchStudentInvites.ts';

/** The server's words when a student who is no moderator asks for the desk. */
const NOT_A_MODERATOR = 'Only a moderator can do this.';

/** A decision on the desk: made, or the server's reason it was not. */
export type DecisionOutcome = { ok: true } | { ok: false; message: string };

/** A student's open invite links, as the desk looked them up: nobody asked yet, the read, or the server's refusal. */
export type InviteLookup = { state: 'idle' } | Loadable<{ username: string; invites: StudentInvite[] }>;

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
}

/** The moderation desk (issue 20): its queues and record, read from the server, and the decisions on them. */
export function useModerationDesk(): ModerationDeskView {
  const account = useAccount();
  const [read, reload] = useServerRead('desk', fetchModerationDesk);
  const [asked, setAsked] = useState<string | null>(null);
  const [found, reloadFound] = useServerRead(`desk-invites:${asked ?? ''}`, (source) =>
    asked === null ? Promise.resolve(ok(null)) : fetchStudentInvites(source, asked),
  );
  const data = account.state === 'signed-in' ? account.data : null;

  async function decide(decision: Decision): Promise<DecisionOutcome> {
    if (data === null) return { ok: false, message: NOT_LOGGED_IN };
    const { error } = await moderate(data, decision);
    reload();
    if (decision.kind === 'friend-invite') reloadFound();
    return error ? { ok: false, message: error.message } : { ok: true };
  }

  const desk = read.state === 'error' && read.message === NOT_A_MODERATOR ? { state: 'not-a-moderator' as const } : read;
  // The read of an earlier name stays until the new one answers: it is not this student's.
  const invites: InviteLookup =
    asked === null
      ? { state: 'idle' }
      : found.state === 'ready'
        ? found.data.asked === asked
          ? { state: 'ready', data: { username: found.data.invites[0]?.username ?? asked, invites: found.data.invites } }
          : { state: 'loading' }
        : found;
  const findInvites = (username: string) => {
    const name = username.trim();
    if (name === asked) reloadFound();
    else setAsked(name);
  };
  return { account: account.state, desk, decide, checkAgain: reload, invites, findInvites };
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
