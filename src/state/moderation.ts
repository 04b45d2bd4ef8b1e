import { useEffect, useState } from 'react';
import { moderate, type Decision } from '../data/actions/moderate.ts';
import { fetchModerationDesk, type ModerationDesk } from '../data/queries/fetchModerationDesk.ts';
import { fetchModeratorAccess } from '../data/queries/fetchModeratorAccess.ts';
import { fetchProofImage } from '../data/queries/fetchProofImage.ts';
import { NOT_LOGGED_IN } from '../domain/messages.ts';
import { useAccount, useDataSource } from './account.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { Decision } from '../data/actions/moderate.ts';
export type { ModerationDecision, ModerationDesk } from '../data/queries/fetchModerationDesk.ts';

/** The server's words when a student who is no moderator asks for the desk. */
const NOT_A_MODERATOR = 'Only a moderator can do this.';

/** A decision on the desk: made, or the server's reason it was not. */
export type DecisionOutcome = { ok: true } | { ok: false; message: string };

export interface ModerationDeskView {
  account: 'loading' | 'signed-out' | 'signed-in';
  /** 'not-a-moderator': the server refused the desk to this student. */
  desk: Loadable<ModerationDesk> | { state: 'not-a-moderator' };
  /** Makes the decision on the server, then reads the desk again whatever came of it. */
  decide: (decision: Decision) => Promise<DecisionOutcome>;
  /** Reads the desk again, for cases that came in since. */
  checkAgain: () => void;
}

/** The moderation desk (issue 20): its queues and record, read from the server, and the decisions on them. */
export function useModerationDesk(): ModerationDeskView {
  const account = useAccount();
  const [read, reload] = useServerRead('desk', fetchModerationDesk);
  const data = account.state === 'signed-in' ? account.data : null;

  async function decide(decision: Decision): Promise<DecisionOutcome> {
    if (data === null) return { ok: false, message: NOT_LOGGED_IN };
    const { error } = await moderate(data, decision);
    reload();
    return error ? { ok: false, message: error.message } : { ok: true };
  }

  const desk = read.state === 'error' && read.message === NOT_A_MODERATOR ? { state: 'not-a-moderator' as const } : read;
  return { account: account.state, desk, decide, checkAgain: reload };
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
