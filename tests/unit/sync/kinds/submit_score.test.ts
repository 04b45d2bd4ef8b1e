import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../../src/store/db.ts';
import { IMAGE_WITHOUT_NAME, PROOF_EMPTY, PROOF_UPLOAD_FAILED, PROOF_WRONG_TYPE, SCORE_NEGATIVE, SCORE_NOT_WHOLE_NUMBER } from '../../../../src/domain/messages.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { submitScore } from '../../../../src/sync/kinds/submit_score.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { TransportError } from '../../../../src/sync/transport.ts';
import { FakeServer, freshDb, USER } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, mirrorOf } from './harness.ts';

const PNG = new Blob(['png bytes'], { type: 'image/png' });
const SCORE = { p_app_id: 'snake', p_score: 4200 };

function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'op-1',
    seq: 1,
    kind: 'submit_score',
    args: SCORE,
    userId: USER,
    createdAt: 0,
    attempts: 1,
    status: 'sending',
    lastError: null,
    undo: {},
    blob: PNG,
    blobName: 'proof.png',
    ...overrides,
  };
}

describe('submit_score', () => {
  it('checks the score and the proof image before anything is queued', async () => {
    const check = KINDS.submit_score.check;
    expect(check({ args: SCORE, userId: USER, blob: PNG, blobName: 'proof.png' })).toBeNull();
    expect(check({ args: SCORE, userId: USER, blob: PNG })).toBe(IMAGE_WITHOUT_NAME);
    expect(check({ args: SCORE, userId: USER, blobName: 'proof.png' })).toBe(IMAGE_WITHOUT_NAME);
    expect(check({ args: { ...SCORE, p_score: -1 }, userId: USER, blob: PNG, blobName: 'p.png' })).toBe(SCORE_NEGATIVE);
    expect(check({ args: { ...SCORE, p_score: '12' as never }, userId: USER, blob: PNG, blobName: 'p.png' })).toBe(SCORE_NOT_WHOLE_NUMBER);
    expect(check({ args: SCORE, userId: USER, blob: new Blob(['x'], { type: 'text/html' }), blobName: 'p.html' })).toBe(PROOF_WRONG_TYPE);
    expect(check({ args: SCORE, userId: USER, blob: new Blob([], { type: 'image/png' }), blobName: 'p.png' })).toBe(PROOF_EMPTY);
    expect(check({ args: { ...SCORE, p_app_id: '' }, userId: USER, blob: PNG, blobName: 'p.png' })).toBe('p_app_id is missing');

    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'submit_score', args: { ...SCORE, p_score: 1.5 }, userId: USER, blob: PNG, blobName: 'p.png' })).rejects.toThrow(
      SCORE_NOT_WHOLE_NUMBER,
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('checks the play a game reported with its score, and the proof size the server is told', () => {
    const check = KINDS.submit_score.check;
    const sent = (args: Record<string, unknown>) => check({ args: { ...SCORE, ...args }, userId: USER, blob: PNG, blobName: 'p.png' });
    const RUN = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    expect(sent({ p_run_id: RUN, p_duration_ms: 30_000, p_resumed: false, p_proof_bytes: PNG.size })).toBeNull();
    // A run the server did not see: the play time without the run id.
    expect(sent({ p_duration_ms: 30_000, p_resumed: true })).toBeNull();
    expect(sent({ p_run_id: RUN, p_resumed: false })).toBe('p_duration_ms is missing');
    expect(sent({ p_resumed: false })).toBe('p_duration_ms is missing');
    expect(sent({ p_run_id: RUN, p_duration_ms: 1.5, p_resumed: false })).toBe('p_duration_ms must be a whole number');
    expect(sent({ p_run_id: 'run-1', p_duration_ms: 1, p_resumed: false })).toBe('p_run_id must be a run id');
    expect(sent({ p_run_id: null, p_duration_ms: 1, p_resumed: false })).toBe('p_run_id must be a run id');
    expect(sent({ p_duration_ms: 1 })).toBe('p_resumed must be true or false');
    expect(sent({ p_proof_bytes: PNG.size + 1 })).toBe('p_proof_bytes must be the proof image size');
  });

  it('changes nothing mirrored, and its undo nothing either', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'submit_score', SCORE, new Date());
    expect(applied).toEqual(before);
    expect(undone).toEqual(before);
  });

  it('uploads the proof after the server confirms, named by the submission id it answered, bare or as { id }', async () => {
    const server = new FakeServer();
    const upload = submitScore.afterConfirm;
    expect(await upload(item(), 77, server)).toEqual({ kind: 'confirm' });
    expect(await upload(item(), { id: 'f3a1' }, server)).toEqual({ kind: 'confirm' });
    expect(server.uploads.map((u) => u.path)).toEqual(['77_proof.png', 'f3a1_proof.png']);
    // No id in the answer, or no file: nothing to upload.
    expect(await upload(item(), null, server)).toEqual({ kind: 'confirm' });
    expect(await upload(item({ blob: undefined }), 78, server)).toEqual({ kind: 'confirm' });
    expect(server.uploads).toHaveLength(2);
  });

  it('sends again later when the upload does not get through, and withdraws the score when it is refused', async () => {
    const server = new FakeServer();
    const upload = submitScore.afterConfirm;
    server.uploadFailures.push(new TransportError({ kind: 'network', message: 'Failed to fetch' }));
    expect(await upload(item(), 5, server)).toEqual({ kind: 'requeue', error: { message: 'Failed to fetch' } });
    expect(server.deleted).toEqual([]);

    server.uploadFailures.push(new TransportError({ kind: 'http', status: 400, message: 'mime type not supported' }));
    expect(await upload(item(), 5, server)).toMatchObject({ kind: 'park', notice: PROOF_UPLOAD_FAILED });
    expect(server.deleted).toEqual(['5']);
  });
});
