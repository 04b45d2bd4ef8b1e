import { describe, expect, it } from 'vitest';
import type { MatchMoveRefusalCode } from '../../../src/backend/functions.types.ts';
import { classifyResult } from '../../../src/domain/syncFailure.ts';
import { classifyError } from '../../../src/sync/classify.ts';
import { createSupabaseTransport } from '../../../src/sync/supabaseTransport.ts';
import { TransportError } from '../../../src/sync/transport.ts';
import { clientAnswering, json } from './fakeSupabase.ts';

/** An op for the tests of a failed call: the transport sends nothing for an empty batch. */
const TICK = { id: 't', kind: 'claim_streak' as const, args: {} };

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(TransportError);
    return err as TransportError;
  }
  throw new Error('expected a failure');
}

describe('createSupabaseTransport', () => {
  it('sends the batch to apply_mutations as p_ops and returns the per-op results', async () => {
    const results = [
      { id: 'a', ok: true, result: { balance: 200 } },
      { id: 'b', ok: false, code: 'P0001', message: 'not enough coins' },
    ];
    const { client, requests } = clientAnswering(() => json(200, results));
    const ops = [
      { id: 'a', kind: 'claim_streak' as const, args: {} },
      { id: 'b', kind: 'buy_item' as const, args: { p_item_id: 'sword_cursor' } },
    ];
    expect(await createSupabaseTransport(client).applyMutations(ops)).toEqual(results);
    expect(requests[0]!.url.pathname).toBe('/rest/v1/rpc/apply_mutations');
    expect(requests[0]!.body).toEqual({ p_ops: ops });
  });

  it('reports a fetch that never reached the server as a network error', async () => {
    const { client } = clientAnswering(() => {
      throw new TypeError('fetch failed');
    });
    const err = await failure(createSupabaseTransport(client).applyMutations([TICK]));
    expect(err.kind).toBe('network');
    expect(classifyError(err).action).toBe('retry');
  });

  it('keeps status, SQLSTATE and message of an HTTP refusal', async () => {
    const { client } = clientAnswering(() => json(400, { code: '22023', message: 'p_ops must be an array', details: null, hint: null }));
    const err = await failure(createSupabaseTransport(client).applyMutations([TICK]));
    expect(err).toMatchObject({ kind: 'http', status: 400, code: '22023', message: 'p_ops must be an array' });
    expect(classifyError(err)).toEqual({ action: 'park', code: '22023', message: 'p_ops must be an array' });
  });

  it('maps 5xx to a retry and 401 / PGRST301 to a session refresh', async () => {
    const { client: down } = clientAnswering(() => json(500, { code: 'XX000', message: 'boom', details: null, hint: null }));
    expect(classifyError(await failure(createSupabaseTransport(down).applyMutations([TICK]))).action).toBe('retry');
    const { client: expired } = clientAnswering(() => json(401, { code: 'PGRST301', message: 'JWT expired', details: null, hint: null }));
    const err = await failure(createSupabaseTransport(expired).applyMutations([TICK]));
    expect(err).toMatchObject({ status: 401, code: 'PGRST301', message: 'JWT expired' });
    expect(classifyError(err).action).toBe('refresh');
  });

  it('uploads proofs to the submissions bucket and treats an existing object as already uploaded', async () => {
    let answer = json(200, { Key: 'submissions/9_proof.png', Id: 'x' });
    const { client, requests } = clientAnswering(() => answer);
    const transport = createSupabaseTransport(client);
    await transport.uploadProof('9_proof.png', new Blob(['png'], { type: 'image/png' }));
    expect(requests[0]!.url.pathname).toBe('/storage/v1/object/submissions/9_proof.png');

    answer = json(400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
    await expect(transport.uploadProof('9_proof.png', new Blob(['png']))).resolves.toBeUndefined();

    answer = json(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
    const err = await failure(transport.uploadProof('9_proof.png', new Blob(['png'])));
    expect(err).toMatchObject({ kind: 'http', status: 413, message: 'The object exceeded the maximum allowed size' });
    expect(classifyError(err).action).toBe('park');
  });

  it('reports an upload that could not reach the server as a network error', async () => {
    const { client } = clientAnswering(() => {
      throw new TypeError('fetch failed');
    });
    const err = await failure(createSupabaseTransport(client).uploadProof('1_a.png', new Blob(['png'])));
    expect(err.kind).toBe('network');
  });

  it('withdraws a submission through delete_score_submission', async () => {
    const { client, requests } = clientAnswering(() => new Response(null, { status: 204 }));
    await createSupabaseTransport(client).deleteSubmission('42');
    expect(requests[0]!.url.pathname).toBe('/rest/v1/rpc/delete_score_submission');
    expect(requests[0]!.body).toEqual({ p_id: '42' });
  });

  it('answers false when there is no session to refresh', async () => {
    const { client } = clientAnswering(() => json(400, { error: 'invalid_grant' }));
    expect(await createSupabaseTransport(client).refreshSession()).toBe(false);
  });
});

describe('moves in a batch (make_match_move)', () => {
  const rpc = (id: string) => ({ id, kind: 'claim_streak' as const, args: {} });
  const move = (id: string, ply: number, text: string) => ({ id, kind: 'make_match_move' as const, args: { p_match_id: 42, p_ply: ply, p_move: text } });
  const stored = (ply: number, text: string) => ({
    ok: true,
    matchId: 42,
    ply: ply + 1,
    move: text,
    position: 'x........',
    turn: 'them',
    status: 'active',
    result: null,
    winner: null,
    reason: null,
  });

  /** apply_mutations applies every op; match-move answers what `move` says for each request. */
  function server(answerMove: (body: { ply: number; move: string; mutationId: string }) => Response) {
    return clientAnswering((url, init) => {
      const body = JSON.parse(init.body as string);
      if (url.pathname === '/rest/v1/rpc/apply_mutations') {
        return json(200, (body.p_ops as { id: string }[]).map((op) => ({ id: op.id, ok: true, result: null })));
      }
      if (url.pathname === '/functions/v1/match-move') return answerMove(body);
      return json(404, { message: 'no such route' });
    });
  }

  it('sends runs of RPC ops to apply_mutations and each move to match-move, in the batch order, and answers in that order', async () => {
    const { client, requests } = server((body) => json(200, stored(body.ply, body.move)));
    const ops = [rpc('a'), rpc('b'), move('m1', 0, '4'), rpc('c'), move('m2', 2, '0'), move('m3', 4, '8')];

    const answers = await createSupabaseTransport(client).applyMutations(ops);

    expect(requests.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/rest/v1/rpc/apply_mutations', { p_ops: [rpc('a'), rpc('b')] }],
      ['/functions/v1/match-move', { matchId: 42, ply: 0, move: '4', mutationId: 'm1' }],
      ['/rest/v1/rpc/apply_mutations', { p_ops: [rpc('c')] }],
      ['/functions/v1/match-move', { matchId: 42, ply: 2, move: '0', mutationId: 'm2' }],
      ['/functions/v1/match-move', { matchId: 42, ply: 4, move: '8', mutationId: 'm3' }],
    ]);
    // The move goes with the same key and token as the RPCs.
    const auth = (i: number) => [requests[i]!.headers.get('apikey'), requests[i]!.headers.get('authorization')];
    expect(auth(1)).toEqual(auth(0));
    expect(answers).toEqual([
      { id: 'a', ok: true, result: null },
      { id: 'b', ok: true, result: null },
      { id: 'm1', ok: true, result: stored(0, '4') },
      { id: 'c', ok: true, result: null },
      { id: 'm2', ok: true, result: stored(2, '0') },
      { id: 'm3', ok: true, result: stored(4, '8') },
    ]);
  });

  it('sends nothing for an empty batch', async () => {
    const { client, requests } = server(() => json(500, {}));
    expect(await createSupabaseTransport(client).applyMutations([])).toEqual([]);
    expect(requests).toEqual([]);
  });

  const REFUSALS = [
    [400, 'bad_request'],
    [403, 'not_your_game'],
    [409, 'not_started'],
    [409, 'game_over'],
    [409, 'move_taken'],
    [409, 'out_of_turn'],
    [409, 'wrong_ply'],
    [409, 'time_up'],
    [409, 'mutation_reused'],
    [422, 'illegal_move'],
  ] as const satisfies readonly (readonly [number, MatchMoveRefusalCode])[];

  it.each(REFUSALS)('answers a %i %s as a refusal of that move, which the outbox parks with the message', async (status, code) => {
    const message = `In words: ${code}`;
    const { client } = server(() => json(status, { ok: false, code, message }));
    const answers = await createSupabaseTransport(client).applyMutations([move('m', 6, 'e2e4'), rpc('after')]);
    expect(answers).toEqual([
      { id: 'm', ok: false, code, message },
      { id: 'after', ok: true, result: null },
    ]);
    expect(classifyResult(answers[0]!)).toEqual({ action: 'park', code, message });
  });

  it('fails the call on a 401, which renews the session', async () => {
    const { client } = server(() => json(401, { ok: false, code: 'not_signed_in', message: 'Sign in again to play.' }));
    const err = await failure(createSupabaseTransport(client).applyMutations([move('m', 6, 'e2e4')]));
    expect(err).toMatchObject({ kind: 'http', status: 401, code: 'not_signed_in', message: 'Sign in again to play.' });
    expect(classifyError(err).action).toBe('refresh');
  });

  it.each([
    ['a 502 (the database could not be reached)', () => json(502, { ok: false, code: 'server_error', message: 'Try again in a moment.' })],
    ['a 500 that is not the function’s', () => new Response('upstream timeout', { status: 500 })],
    ['a 429', () => json(429, { ok: false, code: 'too_many', message: 'Slow down.' })],
    // The relay never reached the function, whatever its status says.
    ['a relay error', () => json(400, { ok: false, code: 'bad_request', message: 'relay' }, { 'x-relay-error': 'true' })],
    ['a 200 that is not a move', () => json(200, { hello: 'world' })],
    [
      'no answer',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('fails the call on %s, which is sent again after a back-off', async (_what, answer) => {
    const { client } = server(answer);
    const err = await failure(createSupabaseTransport(client).applyMutations([move('m', 6, 'e2e4')]));
    expect(classifyError(err).action).toBe('retry');
  });

  it('fails the call on a 4xx without a refusal of the function’s, which the outbox then parks', async () => {
    const { client } = server(() => new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }));
    const err = await failure(createSupabaseTransport(client).applyMutations([move('m', 6, 'e2e4')]));
    expect(err).toMatchObject({ kind: 'http', status: 404 });
    expect(classifyError(err).action).toBe('park');
  });

  it('keeps the answers before a failed request and sends nothing after it: the rest stays queued', async () => {
    const { client, requests } = server(() => json(502, { ok: false, code: 'server_error', message: 'Try again in a moment.' }));
    const answers = await createSupabaseTransport(client).applyMutations([rpc('a'), move('m', 6, 'e2e4'), rpc('b')]);
    expect(answers).toEqual([{ id: 'a', ok: true, result: null }]);
    expect(requests.map((r) => r.url.pathname)).toEqual(['/rest/v1/rpc/apply_mutations', '/functions/v1/match-move']);
  });
});
