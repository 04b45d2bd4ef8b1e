// Sign-up with "Confirm email" on (supabase/config.toml [auth.email] enable_confirmations = true, the
// hosted default): the embedded auth service answers as GoTrue does, so the portal is tried locally
// the way hosted projects run it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_FILE, parseProjectConfig } from '../../supabase/embedded/project-config.ts';
import type { Backend } from '../../supabase/embedded/server.ts';
import { client, startFixtureBackend } from './helpers.ts';

const work = mkdtempSync(join(tmpdir(), 'confirmations-'));
const configFile = join(work, 'config.toml');
const PASSWORD = 'violet lanterns drift upstream';
const CALLBACK = 'http://localhost:4173/auth/callback';
let backend: Backend;

beforeAll(async () => {
  const project = readFileSync(DEFAULT_CONFIG_FILE, 'utf8');
  expect(project).toMatch(/^enable_confirmations = false$/m);
  writeFileSync(configFile, project.replace(/^enable_confirmations = false$/m, 'enable_confirmations = true'));
  backend = await startFixtureBackend({ configFile });
});
afterAll(async () => {
  await backend.close();
  rmSync(work, { recursive: true, force: true });
});

/** The newest confirmation link the mailbox holds for `email`. */
async function confirmationLink(email: string): Promise<string> {
  const page = await (await fetch(`${backend.url}/mailbox`)).text();
  const mails = page.split(email).slice(1);
  const link = mails.map((mail) => /href="([^"]+type=signup[^"]*)"/.exec(mail)?.[1]).find((found) => found !== undefined);
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return link.replace(/&amp;/g, '&');
}

describe('config.toml', () => {
  it('reads [auth.email] enable_confirmations, false when missing, and refuses anything but true or false', () => {
    expect(parseProjectConfig('[auth.email]\nenable_confirmations = true\n')).toEqual({ confirmEmail: true, redirectUrls: [] });
    expect(parseProjectConfig('[auth]\nenable_signup = true\n')).toEqual({ confirmEmail: false, redirectUrls: [] });
    expect(parseProjectConfig('[auth]\nsite_url = "http://a.test:1"\nadditional_redirect_urls = ["https://b.test/x"]\n').redirectUrls).toEqual(['http://a.test:1', 'https://b.test/x']);
    expect(() => parseProjectConfig('[auth]\nadditional_redirect_urls = ["javascript:x"]\n')).toThrow('list of http(s) URLs');
    expect(() => parseProjectConfig('[auth.email]\nenable_confirmations = "yes"\n')).toThrow('must be true or false');
    expect(() => parseProjectConfig('[auth.email\n')).toThrow('not valid TOML');
  });
});

describe('sign-up with confirmations on', () => {
  it('answers with the user and no session, mails a link, and refuses a sign-in until it is followed', async () => {
    const supabase = client(backend);
    const settings = (await (await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } })).json()) as { mailer_autoconfirm: boolean };
    expect(settings.mailer_autoconfirm).toBe(false);

    const email = 'ida@example.test';
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: CALLBACK } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeFalsy();

    const early = await client(backend).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    // A wrong password is told nothing about the address.
    expect((await client(backend).auth.signInWithPassword({ email, password: 'not the password at all' })).error?.code).toBe('invalid_credentials');

    const link = await confirmationLink(email);
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    const confirmed = client(backend);
    const set = await confirmed.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();

    expect((await client(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // The link works once.
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location') ?? '').hash).toContain('error_code=otp_expired');
  });

  it('holds a resend back within a minute of the last mail, saying how long, and answers alike for an address with no account', async () => {
    const email = 'jo@example.test';
    const supabase = client(backend);
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: CALLBACK } });
    expect(await confirmationLink(email)).toContain('type=signup');
    // One mail per address a minute: the resend right away is held back, with the wait to say.
    const soon = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: CALLBACK } });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.message).toMatch(/^For security purposes, a new mail can be sent to this address in/);
    expect((await supabase.auth.resend({ type: 'signup', email: 'nobody@example.test' })).error).toBeNull();
  });
});
