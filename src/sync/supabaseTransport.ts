import { FunctionsRelayError, type SupabaseClient } from '@supabase/supabase-js';
import { functionAnswer } from './functionAnswer.ts';
import { requestOf, runsOf, type FunctionOp } from './functionOps.ts';
import { TransportError, type MutationOp, type OpResult, type SyncTransport } from './transport.ts';

export const PROOF_BUCKET = 'submissions';

interface PostgrestLikeError {
  message?: string;
  code?: string;
  details?: string | null;
}

/**
 * postgrest-js never throws by default: a fetch that did not reach the server comes back as
 * status 0 with an error whose message starts with the fetch error's name.
 */
export function fromPostgrest(error: PostgrestLikeError, status: number): TransportError {
  const message = error.message ?? 'request failed';
  const code = error.code ? error.code : undefined;
  if (status === 0) {
    return new TransportError({ kind: 'network', message, ...(code ? { code } : {}) });
  }
  return new TransportError({ kind: 'http', status, message, ...(code ? { code } : {}) });
}

function fromStorage(error: unknown): TransportError {
  if (error && typeof error === 'object') {
    const e = error as { message?: string; status?: unknown; statusCode?: unknown; code?: unknown; originalError?: unknown };
    const message = e.message ?? 'upload failed';
    const status = typeof e.status === 'number' ? e.status : undefined;
    const rawCode = typeof e.code === 'string' ? e.code : typeof e.statusCode === 'string' ? e.statusCode : undefined;
    const code = rawCode ? { code: rawCode } : {};
    // StorageUnknownError wraps a fetch failure and has no HTTP status.
    if (status === undefined) return new TransportError({ kind: 'network', message, ...code, cause: e.originalError ?? error });
    return new TransportError({ kind: 'http', status, message, ...code, cause: error });
  }
  return new TransportError({ kind: 'network', message: String(error) });
}

function isDuplicate(error: unknown): boolean {
  const e = error as { status?: unknown; statusCode?: unknown };
  return e.status === 409 || e.statusCode === '409';
}

function asTransportError(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  if (err instanceof TypeError) return new TransportError({ kind: 'network', message: err.message, cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return new TransportError({ kind: 'network', message, cause: err });
}

function isOpResultArray(data: unknown): data is OpResult[] {
  return (
    Array.isArray(data) &&
    data.every((r) => r !== null && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string' && typeof (r as { ok?: unknown }).ok === 'boolean')
  );
}

/** A body that is not JSON says nothing the outbox can act on: functionAnswer judges it by its status. */
async function jsonOf(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return body;
  } catch {
    return null;
  }
}

export function createSupabaseTransport(client: SupabaseClient): SyncTransport {
  async function applyRun(ops: MutationOp[]): Promise<OpResult[]> {
    let response: Awaited<ReturnType<typeof client.rpc>>;
    try {
      response = await client.rpc('apply_mutations', { p_ops: ops });
    } catch (err) {
      throw asTransportError(err);
    }
    // The client is untyped here; the answer is checked below before anything trusts its shape.
    const data: unknown = response.data;
    const { error, status } = response;
    if (error) throw fromPostgrest(error, status);
    if (!isOpResultArray(data)) {
      throw new TransportError({ kind: 'http', status, message: 'apply_mutations returned an unexpected answer' });
    }
    return data;
  }

  /**
   * functions.invoke sends the session's token and gives the Response beside any error: a 4xx body is
   * still unread (FunctionsHttpError), a fetch that failed has none (FunctionsFetchError).
   */
  async function callFunction(op: FunctionOp): Promise<OpResult> {
    const { name, body } = requestOf(op);
    let response: Awaited<ReturnType<typeof client.functions.invoke>>;
    try {
      response = await client.functions.invoke(name, { body });
    } catch (err) {
      throw asTransportError(err);
    }
    const data: unknown = response.data;
    const error: unknown = response.error;
    const http = response.response;
    if (http === undefined) {
      throw new TransportError({ kind: 'network', message: error instanceof Error ? error.message : `${name} could not be reached`, cause: error });
    }
    // The relay between the device and the function failed: the function never saw the request.
    if (error instanceof FunctionsRelayError) {
      throw new TransportError({ kind: 'network', status: http.status, message: error.message, cause: error });
    }
    const answer = functionAnswer(op.id, http.status, error ? await jsonOf(http) : data);
    if (answer instanceof TransportError) throw answer;
    return answer;
  }

  return {
    /**
     * The batch's runs one after the other (src/sync/functionOps.ts). A request that fails ends the call:
     * before any answer, as the call's failure; after some, with the answers so far, and the outbox keeps
     * the unanswered rest queued (an op with no answer is undecided) and sends it after a back-off.
     */
    async applyMutations(ops: MutationOp[]): Promise<OpResult[]> {
      const answers: OpResult[] = [];
      for (const run of runsOf(ops)) {
        try {
          if (run.to === 'apply_mutations') answers.push(...(await applyRun(run.ops)));
          else answers.push(await callFunction(run.op));
        } catch (err) {
          if (answers.length === 0) throw err;
          return answers;
        }
      }
      return answers;
    },

    async uploadProof(path: string, blob: Blob): Promise<void> {
      let response;
      try {
        response = await client.storage.from(PROOF_BUCKET).upload(path, blob, blob.type ? { contentType: blob.type } : undefined);
      } catch (err) {
        throw asTransportError(err);
      }
      // The path holds the submission id, so an existing object is this proof from an attempt whose answer was lost.
      if (response.error && !isDuplicate(response.error)) throw fromStorage(response.error);
    },

    async deleteSubmission(id: string): Promise<void> {
      let response;
      try {
        response = await client.rpc('delete_score_submission', { p_id: id });
      } catch (err) {
        throw asTransportError(err);
      }
      if (response.error) throw fromPostgrest(response.error, response.status);
    },

    async refreshSession(): Promise<boolean> {
      let response;
      try {
        response = await client.auth.refreshSession();
      } catch (err) {
        throw asTransportError(err);
      }
      const { data, error } = response;
      if (error) {
        // A refresh that could not reach the server says nothing about the session: retry later.
        if (error.name === 'AuthRetryableFetchError') {
          throw new TransportError({ kind: 'network', message: error.message, cause: error });
        }
        return false;
      }
      return data.session !== null;
    },
  };
}
