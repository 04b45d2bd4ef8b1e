// GET /verify: a mailed link followed in the browser, a sign-up's confirmation or a password reset.
// Either way the answer is a redirect (303) to where the link may lead (redirects.ts), with a new
// session in the fragment, or GoTrue's otp_expired error there when the link is unknown or too old.
import type { Tx } from '../database.ts';
import type { AuthContext } from './context.ts';
import type { AuthRequest, AuthResult } from './protocol.ts';
import { redirectTarget } from './redirects.ts';
import type { UserRow } from './users.ts';

/** Consumes a link's token: its user, or null when the token is unknown or expired. */
export interface LinkConsumer {
  consumeLink(tx: Tx, linkToken: string): Promise<UserRow | null>;
}

export async function followMailedLink(ctx: AuthContext, req: AuthRequest, links: { signup: LinkConsumer; recovery: LinkConsumer }): Promise<AuthResult> {
  const { o, guards, sessions } = ctx;
  guards.limitVerifications();
  const redirect = redirectTarget(o, req.params.get('redirect_to'));
  const type = req.params.get('type');
  const token = req.params.get('token') ?? '';
  return o.db.run(async (tx) => {
    const user =
      type === 'recovery' ? await links.recovery.consumeLink(tx, token) : type === 'signup' ? await links.signup.consumeLink(tx, token) : null;
    if (!user) {
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return { status: 303, body: null, headers: { Location: `${redirect.split('#')[0]}#${fragment}` } };
    }
    const session = await sessions.issue(tx, user, 'otp');
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: type === 'signup' ? 'signup' : 'recovery',
    });
    return { status: 303, body: null, headers: { Location: `${redirect.split('#')[0]}#${fragment}` } };
  });
}
