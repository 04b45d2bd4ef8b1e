// The GoTrue subset supabase-js uses, at /auth/v1: e-mail and password accounts, rotating refresh
// tokens, sessions with scoped sign-out, password recovery through the local mailbox, and
// authenticator-app (TOTP) second factors. It runs as the database owner, as GoTrue does, and keeps its
// internals in tables the API roles cannot read. This file routes each path to its flow in auth/:
// signup.ts (sign-up and its confirmation), sign-in.ts (password sign-in and refresh), recovery.ts,
// mailed-links.ts (a link followed), mfa.ts, user-management.ts (the user, the admin API) and
// sessions.ts (issuing and checking sessions, sign-out); the flows share guards.ts's rate limits.
import type { AuthContext, AuthOptions } from './auth/context.ts';
import { AuthGuards } from './auth/guards.ts';
import { followMailedLink } from './auth/mailed-links.ts';
import { Mfa } from './auth/mfa.ts';
import { authError, type AuthRequest, type AuthResult } from './auth/protocol.ts';
import { Recovery } from './auth/recovery.ts';
import { Sessions } from './auth/sessions.ts';
import { SignIn } from './auth/sign-in.ts';
import { SignUp } from './auth/signup.ts';
import { UserManagement } from './auth/user-management.ts';

export type { AuthOptions, AuthRequest, AuthResult };

export class AuthService {
  private readonly ctx: AuthContext;
  private readonly signUp: SignUp;
  private readonly signIn: SignIn;
  private readonly recovery: Recovery;
  private readonly mfa: Mfa;
  private readonly users: UserManagement;

  constructor(private readonly o: AuthOptions) {
    this.ctx = { o, guards: new AuthGuards(o.limits), sessions: new Sessions(o) };
    this.signUp = new SignUp(this.ctx);
    this.signIn = new SignIn(this.ctx);
    this.recovery = new Recovery(this.ctx);
    this.mfa = new Mfa(this.ctx);
    this.users = new UserManagement(this.ctx);
  }

  async handle(req: AuthRequest): Promise<AuthResult> {
    const route = `${req.method} ${req.path.replace(/\/+$/, '') || '/'}`;
    switch (route) {
      case 'GET /health':
        return { status: 200, body: { version: 'embedded', name: 'GoTrue', description: 'Local auth service of the embedded backend' } };
      case 'GET /settings':
        return {
          status: 200,
          body: {
            external: { email: true, phone: false, anonymous_users: false },
            disable_signup: false,
            mailer_autoconfirm: !this.o.confirmEmail,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false,
          },
        };
      case 'GET /.well-known/jwks.json':
        return { status: 200, body: { keys: [] } };
      case 'POST /signup':
        return this.signUp.signup(req);
      case 'POST /resend':
        return this.signUp.resend(req);
      case 'POST /token':
        return this.signIn.token(req);
      case 'POST /recover':
        return this.recovery.recover(req);
      case 'POST /verify':
        return this.recovery.verifyOtp(req);
      case 'GET /verify':
        return followMailedLink(this.ctx, req, { signup: this.signUp, recovery: this.recovery });
      case 'GET /user':
        return this.users.get(req);
      case 'PUT /user':
        return this.users.update(req);
      case 'POST /admin/users':
        return this.users.adminCreate(req);
      case 'POST /logout':
        return this.ctx.sessions.logout(req);
      case 'POST /factors':
        return this.mfa.enroll(req);
      default: {
        const factor = /^(POST|DELETE) \/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(route);
        if (factor) {
          const [, method, id = '', action] = factor;
          if (method === 'DELETE' && !action) return this.mfa.unenroll(req, id);
          if (method === 'POST' && action === '/challenge') return this.mfa.challenge(req, id);
          if (method === 'POST' && action === '/verify') return this.mfa.verify(req, id);
        }
        throw authError(404, 'not_found', `${route} is not served by the embedded auth service`);
      }
    }
  }
}
