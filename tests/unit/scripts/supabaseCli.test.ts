// `npx supabase` in supabase/README.md is the CLI this checkout pins, and what it writes in the checkout
// (its link state, branches and local env) stays out of commits, as `supabase init` would have it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

describe('the Supabase CLI in this checkout', () => {
  it('is the exact version pinned in package.json', () => {
    const pinned = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).devDependencies.supabase;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const version = execFileSync(`${root}node_modules/.bin/supabase`, ['--version'], { encoding: 'utf8' }).trim();
    expect(version).toBe(pinned);
  });

  it.each(['supabase/.temp/project-ref', 'supabase/.branches/_current_branch', 'supabase/.env'])('leaves %s out of git', (path) => {
    // check-ignore exits 0 for an ignored path and 1 for one git would offer to commit.
    expect(() => execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: root })).not.toThrow();
  });
});
