import { useLiveRead } from '../liveRead.ts';
import { useEffect, useMemo, useRef } from 'react';
import { pullGameSave, pushGameSave } from '../../data/cloudSaves.ts';
import { ANONYMOUS_OWNER, readGameSave } from '../../data/gameSaves.ts';
import { isOnline } from '../../data/online.ts';
import { readSavesInFlight } from '../../data/reads/gameSaves.ts';
import type { DataSource } from '../../data/source.ts';
import { deviceLabel } from '../../domain/deviceLabel.ts';

/**
 * A game saves on every move; its save goes to the server at most this often while play goes on, and at
 * once when the page closes. The server allows 30 saves a minute per student: two games open at once stay under.
 */
export const SAVE_PUSH_DELAY_MS = 3_000;
/**
 * The handshake waits this long at most for the server's copy; past it, the game starts from the device's,
 * and a newer copy that lands later reloads it. On a class network the copy comes in tens of milliseconds;
 * where the network only looks up (a captive portal, a backend out of reach), the game waits no longer than this.
 */
export const SAVE_PULL_WAIT_MS = 1_500;

export interface CloudSave {
  /** The save for the game's handshake, after bringing the server's copy when it can. */
  readSave: () => Promise<string | null>;
  /** A save was written on the device. */
  saved: () => void;
}

/**
 * The game page's part of cloud saves (src/data/cloudSaves.ts) for a signed-in student: pull when the
 * game opens, push a little after each save, and pull again once the pushes are through, which is when
 * a conflict made elsewhere shows. `onReplaced` reloads the game when the device's copy was replaced
 * by a newer one from another device, so the game never goes on from a copy that is no longer the save;
 * keep it stable, as each new one makes a new CloudSave.
 */
export function useCloudSave(data: DataSource | null, owner: string | null, gameId: string, onReplaced: () => void): CloudSave {
  const userId = owner === null || owner === ANONYMOUS_OWNER ? null : owner;
  const label = useMemo(() => deviceLabel(navigator.userAgent), []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const push = useMemo(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      if (data !== null && userId !== null) pushGameSave(data, userId, gameId, label).catch(() => undefined);
    },
    [data, userId, gameId, label],
  );

  useEffect(() => {
    const flush = () => {
      if (timer.current !== null) push();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [push]);

  // Once this game's saves are through, the server's answer (saved, or another device's copy) is read back.
  const inFlight = useLiveRead(
    () => (data === null || userId === null ? 0 : readSavesInFlight(data, userId, gameId)),
    [data, userId, gameId],
  );
  const before = useRef(0);
  useEffect(() => {
    const was = before.current;
    before.current = inFlight ?? 0;
    if (was === 0 || inFlight !== 0 || data === null || userId === null || !isOnline()) return;
    void pullGameSave(data, userId, gameId, label).then((result) => {
      if (result.data === 'take-server') onReplaced();
    });
  }, [inFlight, data, userId, gameId, label, onReplaced]);

  return useMemo(
    () => ({
      readSave: async () => {
        if (data === null || owner === null) return null;
        if (userId !== null && isOnline()) {
          const pulled = pullGameSave(data, userId, gameId, label);
          const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SAVE_PULL_WAIT_MS));
          // A slow answer still counts: a newer copy that lands after the game started reloads it.
          if ((await Promise.race([pulled, late])) === 'late') {
            void pulled.then((result) => {
              if (result.data === 'take-server') onReplaced();
            });
          }
        }
        return readGameSave(data, owner, gameId);
      },
      saved: () => {
        if (userId === null) return;
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(push, SAVE_PUSH_DELAY_MS);
      },
    }),
    [data, owner, userId, gameId, label, push, onReplaced],
  );
}
