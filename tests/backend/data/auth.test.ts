// Sign-up, sign-in, the reset mail, the URL session, password change, sign-out and the authenticator
// app, each through its src/data action or query, against the backend of harness.ts ("Confirm email" on or off).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword } from '../../../src/data/actions/changePassword.ts';
import { enrolTotp } from '../../../src/data/actions/enrolTotp.ts';
import { removeTotp } from '../../../src/data/actions/removeTotp.ts';
import { requestPasswordReset } from '../../../src/data/actions/requestPasswordReset.ts';
import { setUrlSession } from '../../../src/data/actions/setUrlSession.ts';
import { signIn } from '../../../src/data/actions/signIn.ts';
import { signOutSafely, unsentChangesWarning } from '../../../src/data/actions/signOut.ts';
import { signUp } from '../../../src/data/actions/signUp.ts';
import { verifyTotp } from '../../../src/data/actions/verifyTotp.ts';
import { fetchPendingSecondFactor } from '../../../src/data/queries/fetchPendingSecondFactor.ts';
import { fetchSignedInUserId } from '../../../src/data/queries/fetchSignedInUserId.ts';
import { fetchTotpFactors } from '../../../src/data/queries/fetchTotpFactors.ts';
import { queueMutation } from '../../../src/data/queue.ts';
import { authErrorMessage, INVALID_CODE, WRONG_CREDENTIALS } from '../../../src/domain/authErrors.ts';
import { sessionFromUrl } from '../../../src/domain/urlSession.ts';
import { pendingCount } from '../../../src/sync/outbox.ts';
import { account, device, portalClient, startProductBackend, type ContractTarget } from './harness.ts';

let backend: ContractTarget;
let counter = 0;

beforeAll(async () => {
  backend = await startProductBackend();
});
afterAll(() => backend.close());

const PASSWORD = 'first-pass-1';
const CALLBACK = 'http://localhost:4173/auth/callback';

function newEmail(): string {
  counter += 1;
  return `data_auth_${counter}_${Date.now() % 100000}@example.test`;
}

/**
 * A device that signed up through the data layer, with its e-mail: signed in at once, or, where the
 * backend asks for the mailed link first ("Confirm email"), once the link's session is taken from the URL.
 */
async function signedUp() {
  const phone = device(portalClient(backend));
  const email = newEmail();
  const outcome = await signUp(phone.data, email, PASSWORD, CALLBACK);
  if (!backend.confirmEmail) {
    expect(outcome).toEqual({ data: 'signed-in', error: null });
    return { ...phone, email };
  }
  expect(outcome).toEqual({ data: 'check-email', error: null });
  expect((await signIn(phone.data, email, PASSWORD)).error?.code).toBe('email_not_confirmed');
  const landing = await fetch(await backend.mailedLink(email, 'signup'), { redirect: 'manual' });
  const parsed = sessionFromUrl(landing.headers.get('location') ?? '');
  if (!parsed.ok) throw new Error(`the confirmation link gave no session: ${parsed.message}`);
  expect(parsed.session.type).toBe('signup');
  expect((await setUrlSession(phone.data, parsed.session)).error).toBeNull();
  return { ...phone, email };
}

function codeFor(secret: string): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
}

describe('signing up and in', () => {
  it('creates an account that is signed in at once, and says whose session it is', async () => {
    const { data, supabase } = await signedUp();
    const user = (await supabase.auth.getUser()).data.user;
    expect(user).not.toBeNull();
    expect(await fetchSignedInUserId(data)).toBe(user?.id);
  });

  it('makes no second account on a taken e-mail, signs nobody in, and does not say the address is taken', async () => {
    const { email } = await signedUp();
    const other = device(portalClient(backend));
    // The answer a new address gets where the server wants a mail opened first: nothing tells them apart.
    expect(await signUp(other.data, email, PASSWORD, CALLBACK)).toEqual({ data: 'check-email', error: null });
    expect(await fetchSignedInUserId(other.data)).toBeNull();
    // The account's owner can still sign in with their own password; the attempt changed nothing.
    expect((await signIn(other.data, email, PASSWORD)).error).toBeNull();
  });

  it('signs in with the right password only', async () => {
    const { email } = await signedUp();
    const laptop = device(portalClient(backend));
    const wrong = await signIn(laptop.data, email, 'not-the-password');
    expect(authErrorMessage(wrong.error!)).toBe(WRONG_CREDENTIALS);
    expect(await fetchSignedInUserId(laptop.data)).toBeNull();
    expect((await signIn(laptop.data, email, PASSWORD)).error).toBeNull();
    expect(await fetchSignedInUserId(laptop.data)).not.toBeNull();
  });
});

describe('a forgotten password', () => {
  it('mails a link whose session (read from the URL) may choose a new password', async () => {
    // Made by the admin API, so no confirmation mail went out: a second mail to one address within a
    // minute is refused, here as by GoTrue.
    const { email, password } = await account(backend);
    const browser = device(portalClient(backend));
    const redirectTo = 'http://127.0.0.1:4173/change-password';
    expect((await requestPasswordReset(browser.data, email, redirectTo)).error).toBeNull();

    const landing = await fetch(await backend.mailedLink(email, 'recovery'), { redirect: 'manual' });
    const location = landing.headers.get('location') ?? '';
    expect(location.startsWith(redirectTo)).toBe(true);
    const parsed = sessionFromUrl(location);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.session.type).toBe('recovery');

    expect((await setUrlSession(browser.data, parsed.session)).error).toBeNull();
    expect(await fetchSignedInUserId(browser.data)).not.toBeNull();
    expect((await changePassword(browser.data, 'second-pass-2')).error).toBeNull();

    const later = device(portalClient(backend));
    expect((await signIn(later.data, email, password)).error?.code).toBe('invalid_credentials');
    expect((await signIn(later.data, email, 'second-pass-2')).error).toBeNull();
  });

  it('refuses a URL session the server did not issue', async () => {
    const browser = device(portalClient(backend));
    const { error } = await setUrlSession(browser.data, { access_token: 'not.a.token', refresh_token: 'nope' });
    expect(error).not.toBeNull();
    expect(await fetchSignedInUserId(browser.data)).toBeNull();
  });
});

describe('signing out', () => {
  it('asks first when changes are queued, keeps them, and ends the session on the server', async () => {
    const phone = await signedUp();
    const userId = (await fetchSignedInUserId(phone.data))!;
    await queueMutation(phone.data, { kind: 'record_app_played', args: { p_app_id: 'snake' }, userId });
    const asked: string[] = [];
    expect(await signOutSafely(phone.data, () => userId, { confirm: (m) => (asked.push(m), false) })).toBe('cancelled');
    expect(await fetchSignedInUserId(phone.data)).toBe(userId);

    const token = (await phone.supabase.auth.getSession()).data.session?.refresh_token ?? '';
    expect(await signOutSafely(phone.data, () => userId, { confirm: (m) => (asked.push(m), true) })).toBe('signed-out');
    expect(asked).toEqual([unsentChangesWarning(1), unsentChangesWarning(1)]);
    expect(await fetchSignedInUserId(phone.data)).toBeNull();
    expect(await pendingCount(phone.db, userId)).toBe(1);
    // The session is gone on the server too: its refresh token no longer works.
    const reuse = await portalClient(backend).auth.refreshSession({ refresh_token: token });
    expect(reuse.error).not.toBeNull();
  });
});

describe('the authenticator app', () => {
  it('is enrolled, verified, asked for at the next sign-in and removed, each through the data layer', async () => {
    const { data, email, supabase: phone } = await signedUp();
    expect((await fetchTotpFactors(data)).data).toEqual([]);
    expect(await fetchPendingSecondFactor(data)).toBeNull();

    const enrolled = await enrolTotp(data);
    expect(enrolled.error).toBeNull();
    const { factorId, secret, uri } = enrolled.data!;
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(authErrorMessage((await verifyTotp(data, factorId, '000000')).error!)).toBe(INVALID_CODE);
    expect((await verifyTotp(data, factorId, codeFor(secret))).error).toBeNull();
    expect((await fetchTotpFactors(data)).data?.map((f) => f.id)).toEqual([factorId]);

    // The phone's session passed the code when the factor was verified: it acts as ever.
    expect((await phone.rpc('claim_streak', { p_client_id: crypto.randomUUID() })).error).toBeNull();

    const laptop = device(portalClient(backend));
    expect((await signIn(laptop.data, email, PASSWORD)).error).toBeNull();
    expect(await fetchPendingSecondFactor(laptop.data)).toBe(factorId);
    expect(await fetchPendingSecondFactor(data)).toBeNull();

    // Until the code, the laptop's password-only session (aal1) gets nothing from the database either.
    const password = laptop.supabase;
    expect((await password.rpc('claim_streak', { p_client_id: crypto.randomUUID() })).error).toMatchObject({
      code: '42501',
      message: 'Enter the code from your authenticator app first: this account asks for it.',
    });
    const userId = (await fetchSignedInUserId(data))!;
    expect((await password.from('streak').select('current_streak').eq('user_id', userId)).data).toEqual([]);
    expect((await password.from('coins_transactions').select('amt').eq('user_id', userId)).data).toEqual([]);
    expect((await phone.from('streak').select('current_streak').eq('user_id', userId)).data).toEqual([{ current_streak: 1 }]);
    expect((await phone.from('coins_transactions').select('amt').eq('user_id', userId)).data).toEqual([{ amt: 100 }]);

    // Removing it needs the session that was checked with the code (aal2): the laptop's is not.
    expect((await removeTotp(laptop.data, factorId)).error?.code).toBe('insufficient_aal');
    expect((await removeTotp(data, factorId)).error).toBeNull();
    expect((await fetchTotpFactors(data)).data).toEqual([]);
  });
});
