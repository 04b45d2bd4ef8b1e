import type { SupabaseClient } from '@supabase/supabase-js';
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

export function createSupabaseTransport(client: SupabaseClient): SyncTransport {
  return {
    async applyMutations(ops: MutationOp[]): Promise<OpResult[]> {
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
