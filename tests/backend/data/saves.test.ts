// Cloud saves end to end below the page (issue 18): two devices of one student, each with its own Dexie
// mirror and the real sync engine, against the backend. A game saved on one goes on on the other; a save
// changed on both while apart is kept twice until the student chooses; signed-out saves join the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachAnonymousSaves, keepDeviceCopy, pullGameSave, pushGameSave, takeOtherCopy } from '../../../src/data/cloudSaves.ts';
import { ANONYMOUS_OWNER, readGameSave, writeGameSave } from '../../../src/data/gameSaves.ts';
import { readSaveChoice } from '../../../src/data/reads/gameSaves.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { createSupabaseTransport } from '../../../src/sync/supabaseTransport.ts';
import { device, startProductBackend, student, type ContractTarget, type Device, type Student } from './harness.ts';

let backend: ContractTarget;

beforeAll(async () => {
  backend = await startProductBackend();
});

afterAll(async () => {
  await backend?.close();
});

const DEVICE_A = '0a0a0a0a-0000-4000-8000-00000000000a';
const DEVICE_B = '0b0b0b0b-0000-4000-8000-00000000000b';

/**
 * Sends what a device has queued, as the runtime's engine does when online, then reads the answer back
 * as the game page does once its saves are through (useCloudSave).
 */
async function drain(on: Device, userId: string, label = 'Chrome on ChromeOS'): Promise<void> {
  const engine = createSyncEngine({
    db: on.db,
    transport: createSupabaseTransport(on.supabase),
    notify: () => undefined,
    reconcile: () => undefined,
    getUserId: () => userId,
    isOnline: () => true,
  });
  const report = await engine.drainNow();
  engine.stop();
  expect(report.failed).toBe(0);
  for (const row of await on.db.gameSaves.where('owner').equals(userId).toArray()) await pullGameSave(on.data, userId, row.gameId, label);
}

async function save(on: Device, owner: string, state: string, deviceId: string, now: number): Promise<void> {
  await writeGameSave(on.data, { owner, gameId: '2048', state, deviceId, now });
}

describe('cloud saves across two devices', () => {
  let ann: Student;
  let laptop: Device;

  beforeAll(async () => {
    ann = await student(backend);
    laptop = device(ann.supabase);
  });

  it('goes on on a second device from the save made on the first', async () => {
    await save(ann, ann.id, '{"cells":[2,4]}', DEVICE_A, 1_000);
    await pushGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    await drain(ann, ann.id);
    expect((await pullGameSave(laptop.data, ann.id, '2048', 'Firefox on Windows')).data).toBe('take-server');
    expect(await readGameSave(laptop.data, ann.id, '2048')).toBe('{"cells":[2,4]}');
    // The first device heard its own save back as in step: nothing more to send.
    expect((await pullGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS')).data).toBe('nothing');
    expect(await ann.db.gameSaves.get([ann.id, '2048'])).toMatchObject({ dirty: false, baseVersion: 1 });
  });

  it('sends one request for a burst of saves: a newer push takes the place of one still waiting', async () => {
    for (let move = 0; move < 20; move += 1) {
      await save(ann, ann.id, `{"cells":[2,4],"moves":${move}}`, DEVICE_A, 2_000 + move);
      await pushGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    }
    expect(await ann.db.outbox.where('userId').equals(ann.id).count()).toBe(1);
    await drain(ann, ann.id);
    expect((await pullGameSave(laptop.data, ann.id, '2048', 'Firefox on Windows')).data).toBe('take-server');
    expect(await readGameSave(laptop.data, ann.id, '2048')).toBe('{"cells":[2,4],"moves":19}');
  });

  it('keeps both copies when both devices changed the save apart, until the student chooses', async () => {
    // Both devices hold the same save; each goes on with it while apart.
    await save(laptop, ann.id, '{"laptop":1}', DEVICE_B, 10_000);
    await save(ann, ann.id, '{"chromebook":1}', DEVICE_A, 11_000);
    await pushGameSave(laptop.data, ann.id, '2048', 'Firefox on Windows');
    await drain(laptop, ann.id, 'Firefox on Windows');
    await pushGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    await drain(ann, ann.id);
    // The second one to reach the server did not overwrite the first: the device holds both.
    expect((await pullGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS')).data).toBe('conflict');
    expect(await readGameSave(ann.data, ann.id, '2048')).toBe('{"chromebook":1}');
    const choice = await readSaveChoice(ann.data, ann.id, '2048');
    expect(choice).toMatchObject({ mine: { savedAt: 11_000 }, theirs: { state: '{"laptop":1}', deviceLabel: 'Firefox on Windows', savedAt: 10_000, fromServer: true } });
    // Nothing is sent while the choice waits.
    await pushGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    expect(await ann.db.outbox.where('userId').equals(ann.id).count()).toBe(0);

    // The student keeps the Chromebook's: it goes on top, and the laptop takes it.
    await keepDeviceCopy(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    await drain(ann, ann.id);
    expect((await pullGameSave(laptop.data, ann.id, '2048', 'Firefox on Windows')).data).toBe('take-server');
    expect(await readGameSave(laptop.data, ann.id, '2048')).toBe('{"chromebook":1}');
  });

  it("takes the other device's copy when the student chooses it, and sends nothing back", async () => {
    await save(laptop, ann.id, '{"laptop":2}', DEVICE_B, 20_000);
    await save(ann, ann.id, '{"chromebook":2}', DEVICE_A, 21_000);
    await pushGameSave(laptop.data, ann.id, '2048', 'Firefox on Windows');
    await drain(laptop, ann.id, 'Firefox on Windows');
    expect((await pullGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS')).data).toBe('conflict');
    await takeOtherCopy(ann.data, ann.id, '2048', 'Chrome on ChromeOS');
    expect(await readGameSave(ann.data, ann.id, '2048')).toBe('{"laptop":2}');
    expect(await readSaveChoice(ann.data, ann.id, '2048')).toBeNull();
    expect(await ann.db.outbox.where('userId').equals(ann.id).count()).toBe(0);
    expect((await pullGameSave(ann.data, ann.id, '2048', 'Chrome on ChromeOS')).data).toBe('nothing');
  });

  it('gives signed-out saves to the account: whole where it had none, as a choice where it had one', async () => {
    const bea = await student(backend);
    await writeGameSave(bea.data, { owner: ANONYMOUS_OWNER, gameId: 'snake', state: '{"best":40}', deviceId: DEVICE_A, now: 1 });
    await writeGameSave(bea.data, { owner: ANONYMOUS_OWNER, gameId: '2048', state: '{"signedOut":1}', deviceId: DEVICE_A, now: 2 });
    await writeGameSave(bea.data, { owner: bea.id, gameId: '2048', state: '{"account":1}', deviceId: DEVICE_A, now: 3 });
    expect(await attachAnonymousSaves(bea.data, bea.id, 'Chrome on ChromeOS')).toBe(2);
    expect(await bea.db.gameSaves.where('owner').equals(ANONYMOUS_OWNER).count()).toBe(0);
    expect(await readGameSave(bea.data, bea.id, 'snake')).toBe('{"best":40}');
    expect(await readSaveChoice(bea.data, bea.id, '2048')).toMatchObject({ theirs: { state: '{"signedOut":1}', deviceLabel: 'this device, before you signed in', fromServer: false } });
    // The whole one was queued for the server at once; taking the signed-out copy queues it too.
    await takeOtherCopy(bea.data, bea.id, '2048', 'Chrome on ChromeOS');
    await drain(bea, bea.id);
    const other = device(bea.supabase);
    await pullGameSave(other.data, bea.id, 'snake', 'Firefox on Windows');
    await pullGameSave(other.data, bea.id, '2048', 'Firefox on Windows');
    expect(await readGameSave(other.data, bea.id, 'snake')).toBe('{"best":40}');
    expect(await readGameSave(other.data, bea.id, '2048')).toBe('{"signedOut":1}');
  });
});
