/** What the server said when it refused, or why it could not be asked (status 0: no answer). */
export interface ServerError {
  message: string;
  code?: string;
  status?: number;
}

/** An online-only read's or action's outcome, in supabase-js's own shape. */
export type Result<T> = { data: T; error: null } | { data: null; error: ServerError };

export function ok<T>(data: T): Result<T> {
  return { data, error: null };
}

export function failed<T = never>(error: { message: string; code?: string | undefined; status?: number | undefined }): Result<T> {
  const { message, code, status } = error;
  return { data: null, error: { message, ...(code ? { code } : {}), ...(status === undefined ? {} : { status }) } };
}

/** A thrown failure (the network, a bug) as a Result, so callers handle one shape. */
export function thrown<T = never>(error: unknown): Result<T> {
  return failed({ message: error instanceof Error ? error.message : String(error) });
}

/** supabase-js reports an unreachable server as a fetch failure with no HTTP status. */
export function isUnreachable(error: { message: string; status?: number | undefined }): boolean {
  return error.status === 0 || /failed to fetch|network|load failed/i.test(error.message);
}
