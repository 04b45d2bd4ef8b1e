// `npm run moderator` against a real backend: adding a student by username gives them the desk, removing
// it takes the desk away, a name is matched ignoring case but never as a pattern, and a wrong name or key
// changes nothing and says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchModeratorAccess } from '../../../src/data/queries/fetchModeratorAccess.ts';
import { main } from '../../../scripts/moderator.ts';
import { startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

const run = crypto.randomUUID().slice(0, 6);

let backend: ContractTarget;
let ann: Student;
let bob: Student;
let annName: string;
let bobName: string;

async function rename(who: Student, username: string): Promise<void> {
  const { error } = await who.supabase.rpc('update_profile', { p_username: username, p_user_about: '', p_icon: 'default_icon', p_client_id: crypto.randomUUID() });
  if (error) throw new Error(`update_profile failed: ${error.message}`);
}

/** The tool as an operator runs it, with what it printed. */
async function moderator(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...args, '--url', backend.url, '--key', backend.serviceRoleKey], { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function isModerator(who: Student): Promise<boolean> {
  const access = await fetchModeratorAccess(who.data);
  if (access.error) throw new Error(`is_moderator failed: ${access.error.message}`);
  return access.data;
}

beforeAll(async () => {
  backend = await startProductBackend();
  ann = await student(backend);
  bob = await student(backend);
  // An underscore is a wildcard in a like pattern: bob's name matches ann's read as one.
  annName = `Ann_${run}`;
  bobName = `annx${run}`;
  await rename(ann, annName);
  await rename(bob, bobName);
});
afterAll(() => backend.close());

describe('npm run moderator', () => {
  it('adds a student by username, who then works the desk, and says so again without a second grant', async () => {
    expect(await isModerator(ann)).toBe(false);
    const added = await moderator('add', annName.toLowerCase(), '--by', 'Ms Rivera');
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toContain(`${annName} is now a moderator`);
    expect(await isModerator(ann)).toBe(true);
    expect(await isModerator(bob)).toBe(false);
    const again = await moderator('add', annName);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`${annName} is already a moderator`);
    expect(again.out).toContain('by Ms Rivera');
    expect((await moderator('list')).out).toContain(`${annName}  since`);
  });

  it('matches a name ignoring case but never as a pattern', async () => {
    const missing = await moderator('add', `ANN%${run}`);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`There is no student named 'ANN%${run}'`);
    expect(await isModerator(bob)).toBe(false);
  });

  it('removes the desk, and says when there is nothing to remove', async () => {
    expect((await moderator('remove', annName)).out).toContain(`${annName} is no longer a moderator`);
    expect(await isModerator(ann)).toBe(false);
    const again = await moderator('remove', annName);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('is not a moderator: nothing to remove');
  });

  it('refuses a wrong command, a missing name or the anon key, changing nothing', async () => {
    expect((await moderator('promote', bobName)).code).toBe(2);
    expect((await moderator('add')).err).toContain('add needs a username');
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['add', bobName, '--url', backend.url, '--key', backend.anonKey], { out: (t) => out.push(t), err: (t) => err.push(t) });
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(/^Nothing was changed: the backend answered/);
    expect(await isModerator(bob)).toBe(false);
  });
});
