// `npm run catalogue` against a real backend: an import adds and changes entries in one go or not at
// all, retiring takes an entry out of every list while its scores stay, restoring brings it back, and a
// bundled game is left alone. Entries get ids of their own per run, so a contract target can run it too.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshApps } from '../../../src/data/queries/refreshCatalogue.ts';
import { readApps, readRetiredApps } from '../../../src/data/reads/apps.ts';
import { exportEntries, importEntries, main, readEntries, restoreEntry, retireEntry, type BackendTarget } from '../../../scripts/catalogue.ts';
import { PNG } from '../security/arena.ts';
import { applied, startProductBackend, student, type ContractTarget, type Student } from './harness.ts';

const run = crypto.randomUUID().slice(0, 6);
const id = (name: string) => `${name}-${run}`;
const title = (name: string) => `${name} ${run}`;
const OFFLINE = { check: { offline: true } };

let backend: ContractTarget;
let target: BackendTarget;
let ann: Student;

beforeAll(async () => {
  backend = await startProductBackend();
  target = { url: backend.url, key: backend.serviceRoleKey };
  ann = await student(backend);
});
afterAll(() => backend.close());

/** The catalogue as students get it: get_apps_ordered_by_title with the anon key. */
async function listedIds(): Promise<string[]> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/get_apps_ordered_by_title`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }[]).map((row) => row.id);
}

async function entry(appId: string) {
  return (await readEntries(target)).find((row) => row.id === appId);
}

function csv(...rows: string[]): string {
  return ['id,title,category,url,description', ...rows].join('\r\n') + '\r\n';
}

describe('catalogue import', () => {
  it('adds entries in one go, then changes one and leaves the others', async () => {
    const first = await importEntries(
      target,
      'games.csv',
      csv(`${id('space-run')},${title('Space Run')},arcade,https://games.school.edu/space-run/,Fly far.`, `${id('word-hunt')},${title('Word Hunt')},Word Games,https://games.school.edu/word-hunt/,`),
      OFFLINE,
    );
    expect(first.code).toBe(0);
    expect(first.applied).toBe(true);
    expect(first.plan.map((row) => [row.where, row.kind, row.note])).toEqual([
      ['line 2', 'added', 'page not checked: offline'],
      ['line 3', 'added', 'page not checked: offline'],
    ]);
    expect(first.text).toContain('Applied: 2 added, 0 changed.');
    expect(await listedIds()).toEqual(expect.arrayContaining([id('space-run'), id('word-hunt')]));
    expect(await entry(id('word-hunt'))).toMatchObject({ title: title('Word Hunt'), slug: `word-hunt-${run}`, category: 'word games', description: '', thumbnail: null, bundled: false, retired_at: null });

    const second = await importEntries(
      target,
      'games.json',
      JSON.stringify([
        { id: id('space-run'), title: title('Space Run'), category: 'arcade', url: 'https://games.school.edu/space-run/v2/', description: 'Fly far.' },
        { id: id('word-hunt'), title: title('Word Hunt'), category: 'word games', url: 'https://games.school.edu/word-hunt/' },
      ]),
      OFFLINE,
    );
    expect(second.plan.map((row) => [row.kind, row.changes])).toEqual([
      ['changed', ['url']],
      ['unchanged', []],
    ]);
    expect(second.applied).toBe(true);
    expect((await entry(id('space-run')))?.url).toBe('https://games.school.edu/space-run/v2/');
  });

  it('applies nothing when one row is refused, and says which row and why', async () => {
    const before = await readEntries(target);
    const outcome = await importEntries(
      target,
      'games.csv',
      csv(`${id('good')},${title('Good')},puzzle,https://games.school.edu/good/,`, `${id('bad')},${title('Bad')},puzzle,javascript:alert(1),`, `${id('dead')},${title('Dead')},puzzle,https://example.org/dead/,`),
      OFFLINE,
    );
    expect(outcome).toMatchObject({ code: 1, applied: false });
    expect(outcome.text).toContain(`refused   line 3 ${id('bad')}: url 'javascript:alert(1)' is not a web address: it must start with http:// or https://`);
    // The reserved host is dead without a request, as check:catalogue says offline too.
    expect(outcome.text).toContain(`refused   line 4 ${id('dead')} (${title('Dead')}): its page is dead: example.org is reserved for examples`);
    expect(outcome.text).toContain('Nothing was applied: 2 rows are refused.');
    expect(await readEntries(target)).toEqual(before);
  });

  it('checks the pages of new entries as check:catalogue does, and refuses one that will not be framed', async () => {
    const requested: string[] = [];
    const fakeFetch = (async (input: string | URL) => {
      const url = input.toString();
      requested.push(url);
      return new Response('<p>game</p>', { status: 200, headers: url.includes('deny') ? { 'x-frame-options': 'DENY' } : {} });
    }) as typeof fetch;
    const outcome = await importEntries(
      target,
      'games.csv',
      csv(`${id('framed')},${title('Framed')},puzzle,https://games.school.edu/framed/,`, `${id('deny')},${title('Deny')},puzzle,https://games.school.edu/deny/,`),
      { check: { fetch: fakeFetch } },
    );
    expect(requested.sort()).toEqual(['https://games.school.edu/deny/', 'https://games.school.edu/framed/']);
    expect(outcome.plan.map((row) => row.kind)).toEqual(['added', 'refused']);
    expect(outcome.plan[1]?.reasons.join()).toMatch(/^its page refuses to be framed by the portal: /);
    expect(await entry(id('framed'))).toBeUndefined();
  });

  it('applies nothing on a dry run, and reports a file it cannot read', async () => {
    const dry = await importEntries(target, 'games.csv', csv(`${id('dry')},${title('Dry')},math,https://games.school.edu/dry/,`), { ...OFFLINE, dryRun: true });
    expect(dry).toMatchObject({ code: 0, applied: false });
    expect(dry.text).toContain('Dry run: nothing was applied.');
    expect(await entry(id('dry'))).toBeUndefined();
    const broken = await importEntries(target, 'games.csv', 'id,title,url\n"open', OFFLINE);
    expect(broken).toMatchObject({ code: 1, applied: false, text: 'Nothing was imported from games.csv: line 2: a quoted field starts here and never ends (a closing " is missing).' });
  });

  it('refuses to change a bundled game, and exports a catalogue that imports back unchanged', async () => {
    const bundled = await importEntries(target, 'games.csv', csv('snake,Snake,arcade,https://elsewhere.school.edu/snake/,Eat.'), OFFLINE);
    expect(bundled.code).toBe(1);
    expect(bundled.text).toContain("'snake' is a bundled game: its row ships with the portal's migrations and is not changed by import");
    expect((await entry('snake'))?.url).toBe('/games/snake/index.html');

    for (const format of ['csv', 'json'] as const) {
      const exported = await exportEntries(target, format);
      const again = await importEntries(target, `catalogue.${format}`, exported.text, OFFLINE);
      expect(again.code).toBe(0);
      expect(new Set(again.plan.map((row) => row.kind))).toEqual(new Set(['unchanged']));
      expect(again.plan.map((row) => row.id)).toEqual(expect.arrayContaining(['snake', id('space-run')]));
    }
  });
});

describe('retire and restore', () => {
  it("takes an entry out of every list and every student's mirror while its scores stay, and restores it", async () => {
    const game = id('old-game');
    await importEntries(target, 'games.csv', csv(`${game},${title('Old Game')},puzzle,https://games.school.edu/old/,`), OFFLINE);
    await applied(ann, 'record_app_played', { p_app_id: game });
    const submission = Number(await applied(ann, 'submit_score', { p_app_id: game, p_score: 77 }));
    const upload = await ann.supabase.storage.from('submissions').upload(`${submission}_proof.png`, PNG, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    await refreshApps(ann.data);
    expect((await readApps(ann.data)).map((app) => app.id)).toContain(game);

    const retired = await retireEntry(target, game);
    expect(retired.code).toBe(0);
    expect(retired.text).toContain(`Retired '${game}' (${title('Old Game')})`);
    expect(await listedIds()).not.toContain(game);
    const scores = await ann.supabase.rpc('get_app_high_scores', { p_app_id: game });
    expect((scores.data as { score: number }[] | null)?.map((row) => Number(row.score))).toEqual([77]);
    expect((await ann.supabase.from('apps_played').select('app_id').eq('app_id', game)).data).toEqual([{ app_id: game }]);

    // The student's device drops it from the list and knows it as retired for its page.
    await ann.db.cache.clear();
    await refreshApps(ann.data);
    expect((await readApps(ann.data)).map((app) => app.id)).not.toContain(game);
    expect((await readRetiredApps(ann.data)).map((app) => [app.id, app.title])).toContainEqual([game, title('Old Game')]);

    expect((await retireEntry(target, game)).text).toMatch(/was already retired on /);
    const export_ = await exportEntries(target, 'csv');
    expect(export_.text).not.toContain(game);
    expect(export_.note).toContain(game);
    const reimport = await importEntries(target, 'games.csv', csv(`${game},${title('Old Game')},puzzle,https://games.school.edu/old/,`), OFFLINE);
    expect(reimport.text).toContain(`'${game}' is retired: bring it back with \`npm run catalogue -- restore ${game}\` first`);

    expect(await restoreEntry(target, game)).toEqual({ code: 0, text: expect.stringContaining(`Restored '${game}'`) });
    expect(await listedIds()).toContain(game);
    await ann.db.cache.clear();
    await refreshApps(ann.data);
    expect((await readApps(ann.data)).map((app) => app.id)).toContain(game);
    expect((await readRetiredApps(ann.data)).map((app) => app.id)).not.toContain(game);
    expect((await restoreEntry(target, game)).text).toContain('is not retired');
  });

  it('refuses to retire a bundled game or an unknown id', async () => {
    expect(await retireEntry(target, 'snake')).toEqual({ code: 1, text: expect.stringContaining("'snake' (Snake) is a bundled game") });
    expect(await listedIds()).toContain('snake');
    expect(await retireEntry(target, id('nothing'))).toEqual({ code: 1, text: `There is no catalogue entry '${id('nothing')}' (\`npm run catalogue -- export\` lists the ids).` });
    expect((await restoreEntry(target, id('nothing'))).code).toBe(1);
  });
});

describe('the command line', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) } };
  };

  it("finds the service-role key in the embedded backend's data folder when --key is not given", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'catalogue-cli-'));
    try {
      await writeFile(join(dataDir, 'secrets.json'), JSON.stringify({ jwt_secret: 'x'.repeat(40), service_role_key: backend.serviceRoleKey }));
      const seen = io();
      expect(await main(['export', '--format', 'json', '--url', backend.url, '--data-dir', dataDir], seen.io)).toBe(0);
      expect((JSON.parse(seen.out.join('')) as { id: string }[]).map((row) => row.id)).toContain('snake');

      const file = join(dataDir, 'games.csv');
      await writeFile(file, csv(`${id('cli')},${title('Cli')},music,https://games.school.edu/cli/,`));
      const imported = io();
      expect(await main(['import', file, '--dry-run', '--offline', '--url', backend.url, '--data-dir', dataDir], imported.io)).toBe(0);
      expect(imported.out.join('')).toContain(`added     line 2 ${id('cli')} (${title('Cli')}) [page not checked: offline]`);
      expect(await entry(id('cli'))).toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('says what is wrong with the command, the key or the id, with exit codes 2 and 1', async () => {
    const usage = io();
    expect(await main(['retire', '--url', backend.url, '--key', backend.serviceRoleKey], usage.io)).toBe(2);
    expect(usage.err.join('')).toMatch(/^retire needs an id/);
    const noDir = io();
    expect(await main(['export', '--url', backend.url, '--data-dir', join(tmpdir(), `none-${run}`)], noDir.io)).toBe(2);
    expect(noDir.err.join('')).toContain('there is no such file');
    const anon = io();
    expect(await main(['retire', id('space-run'), '--url', backend.url, '--key', backend.anonKey], anon.io)).toBe(1);
    expect(anon.err.join('')).toMatch(/^Nothing was changed: the backend answered (401|403): .*give the service-role key with --key/);
    expect((await entry(id('space-run')))?.retired_at).toBeNull();
    const unknownId = io();
    expect(await main(['retire', id('nothing'), '--url', backend.url, '--key', backend.serviceRoleKey], unknownId.io)).toBe(1);
    expect(unknownId.err.join('')).toContain(`There is no catalogue entry '${id('nothing')}'`);
  });
});
