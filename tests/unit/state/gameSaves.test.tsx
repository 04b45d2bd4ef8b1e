// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAttachSaves } from '../../../src/state/player/attachSaves.ts';
import type { GameLink } from '../../../src/state/player/gameLink.ts';
import { useGameSaves } from '../../../src/state/player/gameSaves.ts';
import { useSaveChoice, type ChoiceOutcome } from '../../../src/state/player/saveChoice.ts';
import type { GameSaveRow } from '../../../src/store/db.ts';
import { fakeSupabase, withServer } from './fakeGameServer.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

const APP = 'app-2048';
const GAME = '2048';
const RUN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function saveRow(owner: string, state: string, extra: Partial<GameSaveRow> = {}): GameSaveRow {
  return { owner, gameId: GAME, state, bytes: state.length, updatedAt: 1_000, deviceId: 'b1e4f9a2-3c5d-4e6f-8a7b-9c0d1e2f3a4b', baseVersion: null, dirty: true, theirs: null, ...extra };
}

async function connected(stage: HookStage<ReturnType<typeof useGameSaves>>): Promise<GameLink> {
  const connect = stage.current.connect;
  if (connect === null) throw new Error('no link: the account is not known');
  return connect();
}

describe('useGameSaves', () => {
  it('opens no link while the account loads: the game waits to know whose slot it saves to', () => {
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), LOADING);
    expect(stage.current.owner).toBeNull();
    expect(stage.current.connect).toBeNull();
  });

  it('signed out, saves go to the device’s own slot once play began, and no run is told to the server', async () => {
    const fake = fakeRuntime();
    const server = fakeSupabase();
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), { ...SIGNED_OUT, runtime: withServer(fake, server) });
    expect(stage.current.owner).toBe('anonymous');
    const link = await connected(stage);
    expect(await link.readSave()).toBeNull();
    link.runIssued(RUN);
    link.gameplay(true);
    await link.writeSave('{"board":[2]}');
    await link.writeSave('{"board":[4]}');
    expect((await fake.db.gameSaves.get(['anonymous', GAME]))?.state).toBe('{"board":[4]}');
    expect(await link.readSave()).toBe('{"board":[4]}');
    await settle();
    expect(server.calls).toEqual([]);
    expect(link.runSeen(RUN)).toBe(false);
  });

  it('signed in, a run the server saw start promptly vouches for its score; a new visit starts with none seen', async () => {
    const fake = fakeRuntime();
    const server = fakeSupabase();
    server.rpc.start_game_run = () => ({ data: null, error: null });
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), signedIn(withServer(fake, server)));
    expect(stage.current.owner).toBe(USER);
    const link = await connected(stage);
    link.runIssued(RUN);
    await settle();
    expect(server.calls).toContain('rpc:start_game_run');
    expect(link.runSeen(RUN)).toBe(true);
    expect((await connected(stage)).runSeen(RUN)).toBe(false);
  });

  it('a run the server refused to start does not vouch for its score', async () => {
    const fake = fakeRuntime();
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), signedIn(withServer(fake, fakeSupabase())));
    const link = await connected(stage);
    link.runIssued(RUN);
    await settle();
    expect(link.runSeen(RUN)).toBe(false);
  });

  it('signed in, the game opens on the server’s copy when this device has none', async () => {
    const fake = fakeRuntime();
    const server = fakeSupabase();
    server.tables.game_saves = [
      { user_id: USER, app_id: GAME, state: '{"board":[8]}', version: 3, device_id: 'phone', device_label: 'a phone', saved_at: '2026-11-20T10:00:00Z' },
    ];
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), signedIn(withServer(fake, server)));
    expect(await (await connected(stage)).readSave()).toBe('{"board":[8]}');
    expect(stage.current.replaced).toBe(0);
  });

  it('a server copy that lands after the game started replaces the device’s and reloads the game', async () => {
    const fake = fakeRuntime();
    const server = fakeSupabase();
    let answer = () => {};
    server.gate = new Promise<void>((resolve) => (answer = resolve));
    server.tables.game_saves = [
      { user_id: USER, app_id: GAME, state: '{"board":[8]}', version: 3, device_id: 'phone', device_label: 'a phone', saved_at: '2026-11-20T10:00:00Z' },
    ];
    const stage = renderHook(() => useGameSaves(APP, GAME, '2048'), signedIn(withServer(fake, server)));
    const link = await connected(stage);
    let handed: string | null | undefined;
    // The game is handed the device's copy (none) once the wait for the server's is over.
    await act(async () => {
      handed = await link.readSave();
    });
    expect(handed).toBeNull();
    answer();
    await settle();
    expect(stage.current.replaced).toBe(1);
    expect((await fake.db.gameSaves.get([USER, GAME]))?.state).toBe('{"board":[8]}');
  });
});

describe('useSaveChoice', () => {
  const theirs = { state: '{"board":[16]}', version: 5, deviceLabel: 'Chrome on Android', savedAt: 2_000, fromServer: true };

  it('has nothing to ask while there is one copy', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow(USER, '{"board":[2]}'));
    const stage = renderHook(() => useSaveChoice(GAME), signedIn(fake.runtime));
    await settle();
    expect(stage.current.choice).toBeNull();
  });

  it('shows both copies, and taking the other one replaces this device’s', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow(USER, '{"board":[2]}', { theirs }));
    const stage = renderHook(() => useSaveChoice(GAME), signedIn(fake.runtime));
    await settle();
    expect(stage.current.choice?.mine.state).toBe('{"board":[2]}');
    expect(stage.current.choice?.theirs.state).toBe(theirs.state);
    let outcome: ChoiceOutcome | null = null;
    await act(async () => {
      outcome = await stage.current.takeTheirs();
    });
    await settle();
    expect(outcome).toEqual({ ok: true });
    expect(stage.current.choice).toBeNull();
    expect(stage.current.busy).toBe(false);
    expect((await fake.db.gameSaves.get([USER, GAME]))?.state).toBe(theirs.state);
  });

  it('keeping this device’s copy sends it over the other', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow(USER, '{"board":[2]}', { theirs }));
    const stage = renderHook(() => useSaveChoice(GAME), signedIn(fake.runtime));
    await settle();
    await act(async () => {
      await stage.current.keepMine();
    });
    await settle();
    expect(stage.current.choice).toBeNull();
    expect((await fake.db.gameSaves.get([USER, GAME]))?.state).toBe('{"board":[2]}');
    expect((await fake.db.outbox.toArray()).map((item) => item.kind)).toEqual(['put_game_save']);
  });
});

describe('useAttachSaves', () => {
  it('offers nothing while signed out', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow('anonymous', '{"board":[2]}'));
    const stage = renderHook(useAttachSaves, { ...SIGNED_OUT, runtime: fake.runtime });
    await settle();
    expect(stage.current.offered).toBeNull();
  });

  it('signed in, offers the games saved before sign-in and moves them to the account', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow('anonymous', '{"board":[2]}'));
    const stage = renderHook(useAttachSaves, signedIn(fake.runtime));
    await settle();
    expect(stage.current.offered).toBe(1);
    let outcome: unknown = null;
    await act(async () => {
      outcome = await stage.current.attach();
    });
    await settle();
    expect(outcome).toEqual({ ok: true, count: 1 });
    expect(stage.current.offered).toBeNull();
    expect((await fake.db.gameSaves.get([USER, GAME]))?.state).toBe('{"board":[2]}');
  });

  it('"not now" puts the offer away for this student in this tab', async () => {
    const fake = fakeRuntime();
    await fake.db.gameSaves.put(saveRow('anonymous', '{"board":[2]}'));
    const stage = renderHook(useAttachSaves, signedIn(fake.runtime));
    await settle();
    act(() => stage.current.later());
    expect(stage.current.offered).toBeNull();
    const again = renderHook(useAttachSaves, signedIn(fake.runtime));
    await settle();
    expect(again.current.offered).toBeNull();
    const other = renderHook(useAttachSaves, signedIn(fake.runtime, '00000000-0000-4000-8000-000000000002'));
    await settle();
    expect(other.current.offered).toBe(1);
  });
});
