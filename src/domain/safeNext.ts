/** Where to go after signing in: a path inside the portal from ?next=, never another site. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/auth')) return '/';
  return next;
}
