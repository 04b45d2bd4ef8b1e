// An access token stops working on REST and RPC as soon as its session is gone (issue 26, item 11):
// after a global sign-out or a password change, GoTrue's /user already said session_not_found while
// the data API went on answering the same token for up to an hour. The embedded backend runs the
// product's app_rls.require_live_session before every REST and RPC request, the same function hosted
// PostgREST runs as its pre-request; a refusal is PostgREST's answer to PT401: HTTP 401, code PT401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { client, newUser } from './helpers.ts';

const SESSION_ENDED = 'This session has ended (signed out everywhere, or the password changed): sign in again.';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true });
});
afterAll(() => backend.close());

/** A second device of `user`, signed in with the password: its own session. */
async function secondDevice(email: string, password: string) {
  const device = client(backend);
  const { error } = await device.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return device;
}

/** What a REST read and an RPC answer with this client's token. */
async function dataApi(device: ReturnType<typeof client>) {
  const rest = await device.from('my_users').select('username');
  const rpc = await device.rpc('ensure_profile');
  return [
    { status: rest.status, code: rest.error?.code ?? null, message: rest.error?.message ?? null },
    { status: rpc.status, code: rpc.error?.code ?? null, message: rpc.error?.message ?? null },
  ];
}

const works = [
  { status: 200, code: null, message: null },
  { status: 200, code: null, message: null },
];
const refused = [
  { status: 401, code: 'PT401', message: SESSION_ENDED },
  { status: 401, code: 'PT401', message: SESSION_ENDED },
];

describe('a token whose session is gone', () => {
  it('is refused by REST and RPC right after a global sign-out from another device', async () => {
    const user = await newUser(backend);
    const laptop = await secondDevice(user.email, user.password);
    expect(await dataApi(laptop)).toEqual(works);
    expect((await user.supabase.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(await dataApi(laptop)).toEqual(refused);
    // Signing in again makes a new session that works.
    expect(await dataApi(await secondDevice(user.email, user.password))).toEqual(works);
  });

  it('is refused on every other device after a password change, while the device that changed it goes on', async () => {
    const user = await newUser(backend);
    const laptop = await secondDevice(user.email, user.password);
    expect((await user.supabase.auth.updateUser({ password: 'a brand new secret for growth' })).error).toBeNull();
    expect(await dataApi(laptop)).toEqual(refused);
    expect(await dataApi(user.supabase)).toEqual(works);
  });

  it('leaves signed-out (anon) requests alone', async () => {
    const anon = client(backend);
    const apps = await anon.from('apps').select('id').limit(1);
    expect(apps.error).toBeNull();
    expect(apps.data).toHaveLength(1);
  });
});
