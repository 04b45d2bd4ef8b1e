// auth.uid(), auth.role() and auth.jwt() as GoTrue defines them on hosted Supabase (issue 16): the
// embedded stand-ins read both claim forms PostgREST has used, the legacy per-claim settings first, and
// auth.jwt() is NULL, not an empty object, when a request carries no claims.
import { describe, expect, it } from 'vitest';
import { tx } from '../harness/requests.ts';
import type { DbContext } from '../harness/run.ts';

export function authHelpersSuite(ctx: DbContext): void {
  describe('auth helpers', () => {
    const { db } = ctx;
    const user = '6f1f5d5e-3c1a-4c55-9a55-1c1d2b3a4e5f';
    const helpers = (settings: Record<string, string>) =>
      tx(
        db,
        async (t) => {
          for (const [name, value] of Object.entries(settings)) await t.query('select set_config($1, $2, true)', [name, value]);
          return (await t.query<{ uid: string | null; role: string | null; jwt: unknown }>('select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt')).rows[0];
        },
        { rollback: true },
      );

    it('read the claims of request.jwt.claims', async () => {
      const claims = { sub: user, role: 'authenticated', aal: 'aal1' };
      expect(await helpers({ 'request.jwt.claims': JSON.stringify(claims) })).toEqual({ uid: user, role: 'authenticated', jwt: claims });
    });

    it('read the legacy per-claim settings first, as GoTrue does', async () => {
      const other = '0a0b0c0d-0000-4000-8000-000000000001';
      const result = await helpers({
        'request.jwt.claim.sub': user,
        'request.jwt.claim.role': 'service_role',
        'request.jwt.claims': JSON.stringify({ sub: other, role: 'authenticated' }),
      });
      expect(result).toMatchObject({ uid: user, role: 'service_role' });
    });

    it('answer NULL without claims, auth.jwt() included', async () => {
      expect(await helpers({})).toEqual({ uid: null, role: null, jwt: null });
      expect(await helpers({ 'request.jwt.claims': '' })).toEqual({ uid: null, role: null, jwt: null });
    });
  });
}
