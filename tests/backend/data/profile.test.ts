// The student's own profile (created, mirrored, edited, onboarded) and anyone's public profile, through
// src/data against the embedded backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding } from '../../../src/data/actions/completeOnboarding.ts';
import { createProfile } from '../../../src/data/actions/createProfile.ts';
import { saveProfile } from '../../../src/data/actions/saveProfile.ts';
import { fetchPublicProfile } from '../../../src/data/queries/fetchPublicProfile.ts';
import { fetchRecentPlays } from '../../../src/data/queries/fetchRecentPlays.ts';
import { fetchOwnProfile, refreshOwnProfile } from '../../../src/data/queries/refreshOwnProfile.ts';
import { readOwnProfile } from '../../../src/data/reads/ownProfile.ts';
import { readProfile } from '../../../src/data/reads/profile.ts';
import { USERNAME_INVALID } from '../../../src/domain/messages.ts';
import { account, applied, device, startProductBackend, student, type ContractTarget } from './harness.ts';

let backend: ContractTarget;

beforeAll(async () => {
  backend = await startProductBackend();
});
afterAll(() => backend.close());

describe('the own profile', () => {
  it('is created by the server for a new account (random username, default icon), once', async () => {
    const user = await account(backend);
    const phone = device(user.supabase);
    expect((await createProfile(phone.data)).error).toBeNull();
    const first = await fetchOwnProfile(phone.data, user.id);
    expect(first).toMatchObject({ user_id: user.id, icon: 'default_icon' });
    expect(first.username.length).toBeGreaterThanOrEqual(3);
    expect((await createProfile(phone.data)).error).toBeNull();
    expect((await fetchOwnProfile(phone.data, user.id)).username).toBe(first.username);
  });

  it('is made on the first read when there is none, and mirrored so it shows offline', async () => {
    const user = await account(backend);
    const phone = device(user.supabase);
    expect(await readProfile(phone.data, user.id)).toBeUndefined();
    const mirrored = await refreshOwnProfile(phone.data, user.id);
    expect(mirrored?.user_id).toBe(user.id);
    expect(await readProfile(phone.data, user.id)).toEqual(mirrored);
    const own = await readOwnProfile(phone.data, user.id);
    expect(own?.shown.username).toBe(mirrored?.username);
    expect(own?.ownedIcons).toEqual([]);
  });

  it('saves its fields online at once, and refuses a taken or malformed username with nothing changed', async () => {
    const ann = await student(backend);
    const bea = await student(backend);
    await refreshOwnProfile(ann.data, ann.id);
    const name = `Ann_${Date.now() % 100000}`;
    expect(await saveProfile(ann.data, ann.id, { username: name, icon: 'default_fox', about: 'I like puzzles' })).toEqual({ ok: true, queued: false });
    expect(await readProfile(ann.data, ann.id)).toMatchObject({ username: name, icon: 'default_fox', user_about: 'I like puzzles' });
    expect(await fetchOwnProfile(ann.data, ann.id)).toMatchObject({ username: name, icon: 'default_fox', user_about: 'I like puzzles' });

    expect(await saveProfile(bea.data, bea.id, { username: name, icon: 'default_icon', about: '' })).toEqual({
      ok: false,
      message: 'That username is already taken. Please choose another one.',
    });
    expect(await saveProfile(bea.data, bea.id, { username: 'a b', icon: 'default_icon', about: '' })).toEqual({ ok: false, message: USERNAME_INVALID });
    expect((await fetchOwnProfile(bea.data, bea.id)).username).not.toBe(name);
  });

  it('keeps the onboarding answers on the server and in the mirror', async () => {
    const ann = await student(backend);
    await refreshOwnProfile(ann.data, ann.id);
    expect((await completeOnboarding(ann.data, ann.id, 'A teacher', null)).error).toBeNull();
    expect(await readProfile(ann.data, ann.id)).toMatchObject({ where_from: 'A teacher', who_from: null });
    expect(await fetchOwnProfile(ann.data, ann.id)).toMatchObject({ where_from: 'A teacher', who_from: null });
  });
});

describe('anyone’s profile', () => {
  it('is found by username with its public fields and recent plays, and a missing one is null', async () => {
    const ann = await student(backend);
    const username = (await fetchOwnProfile(ann.data, ann.id)).username;
    await applied(ann, 'record_app_played', { p_app_id: 'snake' });
    const stranger = device((await account(backend)).supabase);

    const found = await fetchPublicProfile(stranger.data, username);
    expect(found.error).toBeNull();
    expect(found.data).toMatchObject({ username, icon: 'default_icon', apps_played: 1, badges: [] });
    expect(found.data).not.toHaveProperty('where_from');
    expect((await fetchPublicProfile(stranger.data, 'nobody_by_this_name')).data).toBeNull();

    const plays = await fetchRecentPlays(stranger.data, username);
    expect(plays.data?.map((p) => [p.app_id, p.title])).toEqual([['snake', 'Snake']]);
  });
});
