import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, newUser, raw, startFixtureBackend } from './helpers.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startFixtureBackend({ accessTokenTtlSeconds: 120 });
});
afterAll(() => backend.close());

describe('auth', () => {
  it('signs up with an immediate session in GoTrue shape, and creates the profile row', async () => {
    const supabase = client(backend);
    const { data, error } = await supabase.auth.signUp({ email: 'Ada@Example.test', password: 'ada sails the lagoon', options: { data: { username: 'ada' } } });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(120);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe('ada@example.test');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ username: 'ada' });
    const profile = await supabase.from('profiles').select('username').eq('id', data.user?.id ?? '').single();
    expect(profile.data).toEqual({ username: 'ada' });
  });

  it('makes no second account with the same e-mail (without saying so), and refuses a short password', async () => {
    const supabase = client(backend);
    const again = await supabase.auth.signUp({ email: 'ada@example.test', password: 'ada sails the lagoon' });
    // GoTrue's answer for an address it does not reveal: a user-shaped body, no session, no identity.
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    const short = await supabase.auth.signUp({ email: 'short@example.test', password: '12345' });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    const bad = await supabase.auth.signUp({ email: 'not-an-email', password: 'secret12' });
    expect(bad.error?.status).toBe(400);
  });

  it('signs in with the password and refuses a wrong one', async () => {
    const user = await newUser(backend);
    const supabase = client(backend);
    const ok = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(user.id);
    const wrong = await client(backend).auth.signInWithPassword({ email: user.email, password: 'nope-nope' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client(backend).auth.signInWithPassword({ email: 'nobody@example.test', password: 'whatever' });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('rotates refresh tokens, tolerates an immediate retry, and ends the session on real reuse', async () => {
    const user = await newUser(backend);
    const first = user.session.refresh_token;
    const refreshed = await user.supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session?.refresh_token;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // A retry of the same old token right away (a lost response) gets the current token back.
    const retry = await raw(backend, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: first }),
    });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { refresh_token: string }).refresh_token).toBe(second);
    const third = await user.supabase.auth.refreshSession();
    expect(third.error).toBeNull();
    // The first token's successor is spent too: presenting it now is reuse of a stolen token.
    const reused = await client(backend).auth.refreshSession({ refresh_token: first });
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.code).toBe('refresh_token_already_used');
    const current = await client(backend).auth.refreshSession({ refresh_token: third.data.session?.refresh_token ?? '' });
    expect(current.error?.code).toBe('refresh_token_not_found');
    const unknown = await client(backend).auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('gets and updates the user, and the new password works', async () => {
    const user = await newUser(backend);
    const got = await user.supabase.auth.getUser();
    expect(got.data.user?.id).toBe(user.id);
    const same = await user.supabase.auth.updateUser({ password: user.password });
    expect(same.error?.code).toBe('same_password');
    const updated = await user.supabase.auth.updateUser({ password: 'a brand new secret', data: { theme: 'dark' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ username: user.username, theme: 'dark' });
    const old = await client(backend).auth.signInWithPassword({ email: user.email, password: user.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client(backend).auth.signInWithPassword({ email: user.email, password: 'a brand new secret' });
    expect(fresh.error).toBeNull();
  });

  it('signs out locally, globally and others, ending the right sessions', async () => {
    const user = await newUser(backend);
    const phone = client(backend);
    await phone.auth.signInWithPassword({ email: user.email, password: user.password });
    const tablet = client(backend);
    await tablet.auth.signInWithPassword({ email: user.email, password: user.password });

    expect((await phone.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await phone.auth.getUser()).error).toBeNull();
    const tabletUser = await tablet.auth.getUser();
    expect(tabletUser.data.user).toBeNull();
    expect(tabletUser.error).not.toBeNull();

    const laptop = client(backend);
    await laptop.auth.signInWithPassword({ email: user.email, password: user.password });
    const laptopToken = (await laptop.auth.getSession()).data.session?.access_token ?? '';
    expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
    const afterGlobal = await raw(backend, '/auth/v1/user', { headers: { authorization: `Bearer ${laptopToken}` } });
    expect(afterGlobal.status).toBe(403);
    expect(((await afterGlobal.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });

  it('recovers a password through the mailbox link, which redirects with a session in the fragment', async () => {
    const user = await newUser(backend);
    const supabase = client(backend);
    const sent = await supabase.auth.resetPasswordForEmail(user.email, { redirectTo: 'http://localhost:4173/change-password' });
    expect(sent.error).toBeNull();
    const unknown = await supabase.auth.resetPasswordForEmail('ghost@example.test');
    expect(unknown.error).toBeNull();

    const page = await (await fetch(`${backend.url}/mailbox`)).text();
    expect(page).toContain(user.email);
    const link = /href="([^"]+type=recovery[^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(link).toContain('/auth/v1/verify?token=');

    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4173/change-password');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(120);

    const recovered = client(backend);
    const set = await recovered.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(set.error).toBeNull();
    expect((await recovered.auth.updateUser({ password: 'recovered secret' })).error).toBeNull();
    expect((await client(backend).auth.signInWithPassword({ email: user.email, password: 'recovered secret' })).error).toBeNull();

    // The link works once.
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location') ?? '').hash).toContain('error_code=otp_expired');
  });

  it('lets a mailed link lead only to this backend, its site or a URL config.toml lists, port included', async () => {
    const own = new URL(backend.url);
    let devices = 0;
    const leadsTo = async (redirectTo: string) => {
      // A device each, as the per-device sign-up limit would otherwise stop this test before its point.
      devices += 1;
      const user = await newUser(backend, undefined, { device: `127.0.3.${devices}` });
      expect((await user.supabase.auth.resetPasswordForEmail(user.email, { redirectTo })).error).toBeNull();
      const page = await (await fetch(`${backend.url}/mailbox`)).text();
      // Newest first: the first article is this user's mail.
      const article = page.slice(page.indexOf('<article>'), page.indexOf('</article>'));
      expect(article).toContain(user.email);
      const link = /href="([^"]+type=recovery[^"]*)"/.exec(article)?.[1]?.replace(/&amp;/g, '&') ?? '';
      return new URL(link).searchParams.get('redirect_to');
    };
    // The fixture backend serves no site: its site URL is where `npm run preview` puts the app.
    const site = 'http://127.0.0.1:4173';
    for (const kept of [
      `${backend.url}/change-password`,
      `http://localhost:${own.port}/change-password`,
      `${site}/change-password`,
      'http://localhost:5173/auth/callback',
    ]) expect(await leadsTo(kept), kept).toBe(kept);
    // Another program on this machine (another loopback port), another scheme or host: the site URL instead.
    for (const refused of [
      `http://127.0.0.1:${Number(own.port) + 1}/change-password`,
      'http://localhost:9/change-password',
      'http://[::1]:1/change-password',
      'https://127.0.0.1:4173/change-password',
      'http://evil.example/change-password',
      'javascript:alert(1)',
    ]) expect(await leadsTo(refused), refused).toBe(site);
  });

  it('verifies a recovery code sent by mail with verifyOtp', async () => {
    const user = await newUser(backend);
    await client(backend).auth.resetPasswordForEmail(user.email);
    const page = await (await fetch(`${backend.url}/mailbox`)).text();
    const code = /enter the code: (\d{6})/.exec(page)?.[1] ?? '';
    const wrong = await client(backend).auth.verifyOtp({ email: user.email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error?.status).toBe(403);
    const verified = await client(backend).auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(user.id);
  });

  it('makes a confirmed user through the admin API for the service role only, as GoTrue does', async () => {
    const admin = client(backend, backend.serviceRoleKey);
    const made = await admin.auth.admin.createUser({ email: 'Made@Example.test', password: 'a long operator passphrase', email_confirm: true });
    expect(made.error).toBeNull();
    expect(made.data.user?.email).toBe('made@example.test');
    expect(made.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client(backend).auth.signInWithPassword({ email: 'made@example.test', password: 'a long operator passphrase' })).error).toBeNull();
    expect((await admin.auth.admin.createUser({ email: 'made@example.test', password: 'another long passphrase', email_confirm: true })).error?.status).toBe(422);

    // A student's token, or the anon key, is not an admin's.
    const student = await newUser(backend);
    for (const token of [student.session.access_token, backend.anonKey]) {
      const refused = await raw(backend, '/auth/v1/admin/users', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'sneaky@example.test', password: 'a long sneaky passphrase', email_confirm: true }),
      });
      expect(refused.status).toBe(403);
    }
  });

  it('serves settings, health and the JWKS document', async () => {
    expect(((await (await raw(backend, '/auth/v1/settings')).json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm).toBe(true);
    expect((await raw(backend, '/auth/v1/health')).status).toBe(200);
    expect(await (await raw(backend, '/auth/v1/.well-known/jwks.json')).json()).toEqual({ keys: [] });
  });
});
