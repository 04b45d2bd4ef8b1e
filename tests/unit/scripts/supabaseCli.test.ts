// `npx supabase` in supabase/README.md is the CLI this checkout pins, and what it writes in the checkout
// (its link state, branches and local env) stays out of commits, as `supabase init` would have it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

describe('the Supabase CLI in this checkout', () => {
  it('is the exact version pinned in package.json', () => {
    const pinned = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).devDependencies.supabase;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const version = execFileSync(`${root}node_modules/.bin/supabase`, ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(pinned);
    // Starting the CLI's binary took 9.8 s on a 2-core machine under a load of 20: its start-up is not
    // what this test is about, so it waits for it rather than fail on the machine's speed.
  }, 60_000);

  it.each(['supabase/.temp/project-ref', 'supabase/.branches/_current_branch', 'supabase/.env'])('leaves %s out of git', (path) => {
    // check-ignore exits 0 for an ignored path and 1 for one git would offer to commit.
    expect(() => execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: root })).not.toThrow();
  });
});

describe('the hosted steps of supabase/README.md', () => {
  it('deploy every function of supabase/functions', () => {
    const readme = readFileSync(`${root}supabase/README.md`, 'utf8');
    const deployed = [...readme.matchAll(/npx supabase functions deploy ([a-z0-9 -]+?)(?: --|\n)/g)].flatMap((m) => (m[1] ?? '').split(' '));
    const functions = readdirSync(`${root}supabase/functions`, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('_')).map((e) => e.name);
    expect(functions.length).toBeGreaterThan(0);
    for (const name of functions) expect(deployed, name).toContain(name);
  });
});
