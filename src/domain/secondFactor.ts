// "A pending second factor means signed out until the code is entered": a session that only has the
// password (aal1) for an account with a verified authenticator app is no sign-in yet. The database
// refuses such a session everything; the portal shows the student as signed out, except on the code step.

/** What the check needs of a session: its access token and the user's factors as the auth server sent them. */
export interface SessionFactors {
  access_token: string;
  user: { factors?: readonly { status: string }[] | null };
}

/** The assurance level an access token carries (its aal claim), or null when it cannot be read. */
export function tokenAssurance(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    const aal = typeof claims === 'object' && claims !== null ? (claims as { aal?: unknown }).aal : undefined;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

/** True while the account has a verified second factor this session has not been checked with. */
export function awaitsSecondFactor(session: SessionFactors): boolean {
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return verified && tokenAssurance(session.access_token) !== 'aal2';
}
