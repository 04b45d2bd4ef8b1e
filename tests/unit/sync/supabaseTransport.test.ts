import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { classifyError } from '../../../src/sync/classify.ts';
import { createSupabaseTransport } from '../../../src/sync/supabaseTransport.ts';
import { TransportError } from '../../../src/sync/transport.ts';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A supabase-js client whose every request is answered by `handler`: nothing leaves the process. */
function clientAnswering(handler: Handler) {
  const requests: { url: URL; body: unknown }[] = [];
  const client = createClient('http://127.0.0.1:54321', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        requests.push({ url, body });
        return handler(url, init);
      },
    },
  });
  return { client, requests };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    const err = await failure(createSupabaseTransport(client).applyMutations([]));
    expect(err.kind).toBe('network');
    expect(classifyError(err).action).toBe('retry');
  });

  it('keeps status, SQLSTATE and message of an HTTP refusal', async () => {
    const { client } = clientAnswering(() => json(400, { code: '22023', message: 'p_ops must be an array', details: null, hint: null }));
    const err = await failure(createSupabaseTransport(client).applyMutations([]));
    expect(err).toMatchObject({ kind: 'http', status: 400, code: '22023', message: 'p_ops must be an array' });
    expect(classifyError(err)).toEqual({ action: 'park', code: '22023', message: 'p_ops must be an array' });
  });

  it('maps 5xx to a retry and 401 / PGRST301 to a session refresh', async () => {
    const { client: down } = clientAnswering(() => json(500, { code: 'XX000', message: 'boom', details: null, hint: null }));
    expect(classifyError(await failure(createSupabaseTransport(down).applyMutations([]))).action).toBe('retry');
    const { client: expired } = clientAnswering(() => json(401, { code: 'PGRST301', message: 'JWT expired', details: null, hint: null }));
    const err = await failure(createSupabaseTransport(expired).applyMutations([]));
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
