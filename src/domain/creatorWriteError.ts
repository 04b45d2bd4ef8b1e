/** A creator tool's failed write in words a creator can act on (PostgreSQL's error codes). */
export function describeWriteError(error: { code?: string; message: string }): string {
  if (error.code === '23505') return 'You already added that account.';
  if (error.code === '42501') return 'You can only change your own creator accounts and videos.';
  if (error.code === '23514') return 'The server did not accept one of the fields; check them and try again.';
  if (error.code === '23503') return 'That app is not in the catalogue any more; choose another one.';
  return `server error: ${error.message}`;
}
