import { describe, expect, it } from 'vitest';
import { CATALOGUE_CATEGORIES, knownCategory } from '../../../src/domain/categories.ts';
import { KNOWN_PAGES } from '../../../src/domain/banner.ts';
import { toSlug } from '../../../src/domain/slug.ts';
import {
  checkRow,
  exportCsv,
  exportJson,
  formatPlan,
  MAX_IMPORT_ROWS,
  needsPageCheck,
  parseCsv,
  planImport,
  readCatalogueCsv,
  readCatalogueFile,
  readCatalogueJson,
  refuseRow,
  rowsToWrite,
  slugOfTitle,
  summarise,
  type CatalogueFields,
  type ExistingApp,
  type SourceRow,
} from '../../../scripts/catalogueImport.ts';

const HEADER = 'id,title,category,url';

function rowsOf(text: string): SourceRow[] {
  const read = readCatalogueCsv(text);
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}

function row(values: Record<string, unknown>, where = 'entry 1'): SourceRow {
  return { where, values, problems: [] };
}

const GOOD = { id: 'space-run', title: 'Space Run', category: 'arcade', url: 'https://games.school.edu/space-run/' };

function reasonsOf(values: Record<string, unknown>): string[] {
  const check = checkRow(row(values));
  return check.ok ? [] : check.reasons;
}

function existing(fields: Partial<ExistingApp> & { id: string; title: string }): ExistingApp {
  return {
    slug: slugOfTitle(fields.title),
    category: 'puzzle',
    description: '',
    thumbnail: null,
    url: `https://games.school.edu/${fields.id}/`,
    bundled: false,
    retired_at: null,
    ...fields,
  };
}

const SNAKE = existing({
  id: 'snake',
  title: 'Snake',
  category: 'arcade',
  url: '/games/snake/index.html',
  thumbnail: '/games/snake/thumb.svg',
  description: 'Eat, grow longer.',
  bundled: true,
});

describe('parseCsv (RFC 4180)', () => {
  it('reads plain fields, quoted fields with commas, doubled quotes and line breaks, and counts lines', () => {
    const parsed = parseCsv('a,b,c\n1,"two, three","say ""hi"""\n"multi\nline",x,\n');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['1', 'two, three', 'say "hi"'] },
        { line: 3, fields: ['multi\nline', 'x', ''] },
      ],
    });
  });

  it('takes CRLF, lone CR and a missing last line break alike, and drops a byte order mark', () => {
    const expected = [
      { line: 1, fields: ['id', 'title'] },
      { line: 2, fields: ['a', 'A'] },
    ];
    for (const text of ['id,title\r\na,A\r\n', 'id,title\ra,A', '\uFEFFid,title\na,A']) {
      expect(parseCsv(text)).toEqual({ ok: true, records: expected });
    }
    expect(parseCsv('"x\r\ny"\r\nz')).toEqual({ ok: true, records: [{ line: 1, fields: ['x\r\ny'] }, { line: 3, fields: ['z'] }] });
  });

  it('skips empty lines but keeps their count in the line numbers', () => {
    expect(parseCsv('\n\nid\r\n\r\na\n\n')).toEqual({
      ok: true,
      records: [
        { line: 3, fields: ['id'] },
        { line: 5, fields: ['a'] },
      ],
    });
    expect(parseCsv('')).toEqual({ ok: true, records: [] });
  });

  it('refuses a quote inside an unquoted field, text after a closing quote, and a quote that never closes, by line', () => {
    expect(parseCsv('id\nab"c\n')).toEqual({ ok: false, error: expect.stringMatching(/^line 2: a quote inside an unquoted field/) });
    expect(parseCsv('id\n"ab"c\n')).toEqual({ ok: false, error: expect.stringMatching(/^line 2: text after the closing quote/) });
    expect(parseCsv('id\nx\n"open,\nstill open\n')).toEqual({ ok: false, error: expect.stringMatching(/^line 3: a quoted field starts here and never ends/) });
  });

  it('keeps spaces around unquoted fields as they are (the row checks trim them)', () => {
    expect(parseCsv(' a , b ')).toEqual({ ok: true, records: [{ line: 1, fields: [' a ', ' b '] }] });
  });
});

describe('reading a file', () => {
  it('maps CSV columns by the header, in any order and case, and names each row by its line', () => {
    const rows = rowsOf('URL, Title ,id,category\r\nhttps://a.school.edu/,A game,a-game,math\r\n');
    expect(rows).toEqual([{ where: 'line 2', values: { url: 'https://a.school.edu/', title: 'A game', id: 'a-game', category: 'math' }, problems: [] }]);
  });

  it('refuses a header without a required column, with an unknown or doubled column, or with none at all', () => {
    expect(readCatalogueCsv('id,title,url\nx,X,https://x.school.edu/\n')).toEqual({ ok: false, error: "the header row (line 1): there is no 'category' column" });
    const bad = readCatalogueCsv('id,title,tittle,category,url,id\n');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toContain("unknown column 'tittle' (the columns are id, title, slug, category, description, thumbnail, url)");
    expect(!bad.ok && bad.error).toContain("column 'id' appears twice");
    expect(readCatalogueCsv('id,,title,category,url\n')).toEqual({ ok: false, error: 'the header row (line 1): column 2 has no name' });
    expect(readCatalogueCsv('')).toEqual({ ok: false, error: expect.stringContaining('the file is empty') });
    expect(readCatalogueCsv(`${HEADER}\n\n,,,\n`)).toEqual({ ok: false, error: 'the file lists no entries' });
  });

  it('marks a row with a missing or an extra cell, and skips the empty rows a spreadsheet leaves', () => {
    const rows = rowsOf(`${HEADER}\na,A,math\n,,,\nb,B,math,https://b.school.edu/,extra\n`);
    expect(rows.map((r) => [r.where, r.problems])).toEqual([
      ['line 2', ['it has 3 fields where the header has 4 (a comma inside a field needs quotes)']],
      ['line 4', ['it has 5 fields where the header has 4 (a comma inside a field needs quotes)']],
    ]);
    expect(checkRow(rows[0]!)).toEqual({ ok: false, id: 'a', title: 'A', slug: 'a', reasons: [rows[0]!.problems[0], 'url is missing'] });
  });

  it('reads a JSON array of objects, naming rows by their place, and refuses what is not one', () => {
    const read = readCatalogueJson('\uFEFF[{"id": "a", "title": "A", "category": "math", "url": "https://a.school.edu/", "bundled": true}, 3]');
    expect(read).toEqual({
      ok: true,
      rows: [
        { where: 'entry 1', values: expect.objectContaining({ id: 'a' }), problems: ["unknown field 'bundled' (the fields are id, title, slug, category, description, thumbnail, url)"] },
        { where: 'entry 2', values: {}, problems: ['it is not an object with the fields id, title, category, url, ...'] },
      ],
    });
    expect(readCatalogueJson('{"id": "a"}')).toEqual({ ok: false, error: expect.stringContaining('not a JSON array') });
    expect(readCatalogueJson('[{"id": "a",]')).toEqual({ ok: false, error: expect.stringMatching(/^the file is not JSON: /) });
    expect(readCatalogueJson('[]')).toEqual({ ok: false, error: 'the file lists no entries' });
  });

  it(`takes at most ${MAX_IMPORT_ROWS} entries in one import`, () => {
    const many = JSON.stringify(Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({ ...GOOD, id: `g${i}`, title: `G ${i}` })));
    expect(readCatalogueJson(many)).toEqual({ ok: false, error: expect.stringContaining(`the file lists ${MAX_IMPORT_ROWS + 1} entries`) });
  });

  it('reads a file as CSV or JSON by its name, and refuses any other name', () => {
    expect(readCatalogueFile('games.CSV', `${HEADER}\na,A,math,https://a.school.edu/\n`).ok).toBe(true);
    expect(readCatalogueFile('games.json', JSON.stringify([GOOD])).ok).toBe(true);
    expect(readCatalogueFile('games.txt', '')).toEqual({ ok: false, error: expect.stringContaining('must end in .csv or .json') });
  });
});

describe('checkRow', () => {
  it('accepts a good row, trimming fields, filling the optional ones and keeping the category in lower case', () => {
    expect(checkRow(row({ ...GOOD, title: '  Space Run ', category: 'Arcade' }))).toEqual({
      ok: true,
      entry: { id: 'space-run', title: 'Space Run', slug: 'space-run', category: 'arcade', description: '', thumbnail: null, url: 'https://games.school.edu/space-run/' },
    });
    const full = checkRow(row({ ...GOOD, slug: '/space', description: 'Fly.\nFar.', thumbnail: '/thumbs/space.png', category: 'Board-Games' }));
    expect(full).toMatchObject({ ok: true, entry: { slug: 'space', description: 'Fly.\nFar.', thumbnail: '/thumbs/space.png', category: 'board games' } });
  });

  it('derives the slug by the spec rule: lower case, each run of whitespace one hyphen', () => {
    expect(slugOfTitle('  Cool   Math\tGames ')).toBe('cool-math-games');
    expect(checkRow(row({ ...GOOD, title: 'Times  Table Dash' }))).toMatchObject({ ok: true, entry: { slug: 'times-table-dash' } });
    expect(reasonsOf({ ...GOOD, title: 'Tic-Tac-Toe!' })).toEqual([
      "the slug the title gives, 'tic-tac-toe!', may hold only a-z, 0-9 and single hyphens between them: add a slug to this row",
    ]);
    expect(checkRow(row({ ...GOOD, title: 'Tic-Tac-Toe!', slug: 'tic-tac-toe' }))).toMatchObject({ ok: true, entry: { slug: 'tic-tac-toe' } });
    expect(reasonsOf({ ...GOOD, slug: 'Space--Run' })).toEqual(["slug 'Space--Run' may hold only a-z, 0-9 and single hyphens between them"]);
  });

  it('refuses an id the apps table would refuse', () => {
    for (const id of ['Space Run', '-start', 'a'.repeat(65), 'café']) {
      expect(reasonsOf({ ...GOOD, id })).toEqual([expect.stringMatching(/^id '.*' must be 1 to 64 characters of a-z, 0-9, '-' and '_'/)]);
    }
    expect(checkRow(row({ ...GOOD, id: 'a'.repeat(64) })).ok).toBe(true);
  });

  it('names every missing required field, and fields that are not text', () => {
    expect(reasonsOf({})).toEqual(['id is missing', 'title is missing', 'category is missing', 'url is missing']);
    expect(reasonsOf({ ...GOOD, id: 2048, title: null, description: ['x'] })).toEqual(['id must be text, not a number', 'title is missing', 'description must be text, not a list']);
  });

  it('refuses over-long fields at the limits of the apps table', () => {
    expect(reasonsOf({ ...GOOD, title: 'T'.repeat(101), slug: 't' })).toEqual(['title is 101 characters long; at most 100']);
    expect(checkRow(row({ ...GOOD, title: '🎮'.repeat(100), slug: 'pads' })).ok).toBe(true);
    expect(reasonsOf({ ...GOOD, description: 'd'.repeat(2001) })).toEqual(['description is 2001 characters long; at most 2000']);
    expect(reasonsOf({ ...GOOD, url: `https://games.school.edu/${'x'.repeat(2048)}` })).toEqual([expect.stringMatching(/^url is 2073 characters long; at most 2048$/)]);
    expect(reasonsOf({ ...GOOD, thumbnail: `/${'x'.repeat(2048)}` })).toEqual(['thumbnail is 2049 characters long; at most 2048']);
  });

  it('takes only http and https addresses for a game', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<p>hi', 'file:///etc/passwd', 'ftp://games.school.edu/', '//games.school.edu/x', '/games/snake/play.html', 'games.school.edu']) {
      expect(reasonsOf({ ...GOOD, url })).toEqual([expect.stringContaining('is not a web address: it must start with http:// or https://')]);
    }
    expect(reasonsOf({ ...GOOD, url: 'https://teacher:secret@games.school.edu/' })).toEqual([expect.stringContaining('carries a user name or password')]);
    expect(reasonsOf({ ...GOOD, url: 'https://games.school.edu/a game' })).toEqual([expect.stringContaining('holds spaces')]);
    expect(reasonsOf({ ...GOOD, url: 'http://[::1' })).toEqual([expect.stringContaining('is not a web address the browser can read')]);
    expect(checkRow(row({ ...GOOD, url: 'HTTP://games.school.edu/play?level=2#top' })).ok).toBe(true);
  });

  it('takes a thumbnail on the web or on this site, nothing else', () => {
    expect(checkRow(row({ ...GOOD, thumbnail: 'https://cdn.school.edu/t.png' })).ok).toBe(true);
    expect(checkRow(row({ ...GOOD, thumbnail: '' }))).toMatchObject({ ok: true, entry: { thumbnail: null } });
    expect(reasonsOf({ ...GOOD, thumbnail: 'javascript:alert(1)' })).toEqual([expect.stringContaining('(or a path on this site, such as /games/snake/thumb.svg)')]);
    expect(reasonsOf({ ...GOOD, thumbnail: '//cdn.school.edu/t.png' })).toEqual([expect.stringContaining('is not a web address')]);
    expect(reasonsOf({ ...GOOD, thumbnail: '/thumbs/my game.png' })).toEqual(["thumbnail '/thumbs/my game.png' holds spaces or a backslash"]);
  });

  it('takes only the listed categories, whatever their case', () => {
    expect(reasonsOf({ ...GOOD, category: 'shooter' })).toEqual([`category 'shooter' is not one of ${CATALOGUE_CATEGORIES.join(', ')}`]);
    expect(checkRow(row({ ...GOOD, category: ' MATH ' }))).toMatchObject({ ok: true, entry: { category: 'math' } });
  });

  it('refuses control characters, except line breaks and tabs in a description', () => {
    expect(reasonsOf({ ...GOOD, title: 'Space\u0007Run', slug: 'space-run' })).toEqual(['title holds a control character (a line break or tab, perhaps)']);
    expect(reasonsOf({ ...GOOD, title: 'Space\nRun', slug: 'space-run' })).toEqual(['title holds a control character (a line break or tab, perhaps)']);
    expect(reasonsOf({ ...GOOD, description: 'bell\u0007' })).toEqual(['description holds a control character other than a line break or tab']);
    expect(checkRow(row({ ...GOOD, description: 'Line one\n\tLine two' })).ok).toBe(true);
  });

  it('refuses a title that is the name of a page under /class', () => {
    expect(reasonsOf({ ...GOOD, title: 'Creator' })).toEqual(["title 'Creator' is taken by a page of the portal (/class/creator)"]);
  });

  it('lists every problem of a row at once', () => {
    expect(reasonsOf({ id: 'Bad Id', title: 'Fine', category: 'nope', url: 'javascript:void(0)' })).toHaveLength(3);
  });
});

describe('planImport', () => {
  const MATHS = existing({ id: 'maths-race', title: 'Maths Race', category: 'math' });
  const OLD = existing({ id: 'old-game', title: 'Old Game', retired_at: '2026-11-01T00:00:00Z' });
  const catalogue = [SNAKE, MATHS, OLD];

  it('sorts rows into added, changed (with the fields) and unchanged', () => {
    const plan = planImport(
      [
        row(GOOD, 'line 2'),
        row({ id: 'maths-race', title: 'Maths Race', category: 'math', url: 'https://games.school.edu/maths-race/v2/' }, 'line 3'),
        row({ id: 'maths-race-2', title: 'Maths Race 2', category: 'math', url: 'https://games.school.edu/m2/', description: 'More.' }, 'line 4'),
        row({ ...SNAKE, slug: undefined }, 'line 5'),
      ],
      catalogue,
    );
    expect(plan.map((r) => [r.where, r.kind, r.changes])).toEqual([
      ['line 2', 'added', []],
      ['line 3', 'changed', ['url']],
      ['line 4', 'added', []],
      ['line 5', 'unchanged', []],
    ]);
    expect(rowsToWrite(plan).map((entry) => entry.id)).toEqual(['space-run', 'maths-race', 'maths-race-2']);
    expect(summarise(plan)).toEqual({ added: 2, changed: 1, unchanged: 1, refused: 0 });
    expect(plan.map(needsPageCheck)).toEqual([true, true, true, false]);
  });

  it('needs no page check for a change of words only', () => {
    const [changed] = planImport([row({ id: 'maths-race', title: 'Maths Race', category: 'math', url: MATHS.url, description: 'New words.' })], catalogue);
    expect(changed).toMatchObject({ kind: 'changed', changes: ['description'] });
    expect(needsPageCheck(changed!)).toBe(false);
  });

  it('refuses an id, title or slug that appears twice in the file, naming the first line', () => {
    const plan = planImport(
      [
        row(GOOD, 'line 2'),
        row({ ...GOOD, title: 'Other' }, 'line 3'),
        row({ ...GOOD, id: 'space-run-2', title: 'space-run', slug: 'space-run-2' }, 'line 4'),
        row({ ...GOOD, id: 'space-run-3', title: 'Third', slug: 'space-run' }, 'line 5'),
      ],
      [],
    );
    expect(plan.map((r) => [r.kind, r.reasons])).toEqual([
      ['added', []],
      ['refused', ["id 'space-run' is already on line 2"]],
      ['refused', ["title 'space-run' is taken by line 2: a title names its game's page, ignoring case and dashes"]],
      ['refused', ["slug 'space-run' is taken by line 2"]],
    ]);
    expect(rowsToWrite(plan)).toEqual([]);
  });

  it("refuses another app's title or slug, retired apps included, and frees those of apps the file changes", () => {
    const plan = planImport(
      [
        row({ ...GOOD, title: 'SNAKE', slug: 'snake-2' }),
        row({ ...GOOD, id: 'b', title: 'B', slug: 'snake' }),
        row({ ...GOOD, id: 'c', title: 'old-game', slug: 'c' }),
        row({ ...GOOD, id: 'maths-race', title: 'Maths Race Plus' }),
        row({ ...GOOD, id: 'd', title: 'Maths Race' }),
      ],
      catalogue,
    );
    expect(plan.map((r) => r.reasons)).toEqual([
      ["title 'SNAKE' is taken by app 'snake' ('Snake'): a title names its game's page, ignoring case and dashes"],
      ["slug 'snake' is taken by app 'snake'"],
      ["title 'old-game' is taken by the retired app 'old-game' ('Old Game'): a title names its game's page, ignoring case and dashes"],
      [],
      [],
    ]);
  });

  it('tells a row refused for other reasons of its clashes too', () => {
    const [bad] = planImport([row({ id: 'bad one', title: 'snake', category: 'arcade', url: 'javascript:alert(1)' }, 'line 4')], catalogue);
    expect(bad).toMatchObject({ kind: 'refused', id: null });
    expect(bad?.reasons).toEqual([
      expect.stringMatching(/^id 'bad one' must be/),
      expect.stringMatching(/^url 'javascript:alert\(1\)' is not a web address/),
      "title 'snake' is taken by app 'snake' ('Snake'): a title names its game's page, ignoring case and dashes",
      "slug 'snake' is taken by app 'snake'",
    ]);
  });

  it('refuses to change a bundled game, and to import a retired entry before it is restored', () => {
    const plan = planImport(
      [row({ id: 'snake', title: 'Snake', category: 'arcade', url: 'https://elsewhere.school.edu/snake/' }), row({ id: 'old-game', title: 'Old Game', category: 'puzzle', url: OLD.url })],
      catalogue,
    );
    expect(plan.map((r) => r.reasons)).toEqual([
      ["'snake' is a bundled game: its row ships with the portal's migrations and is not changed by import (it differs in description, thumbnail, url)"],
      ["'old-game' is retired: bring it back with `npm run catalogue -- restore old-game` first, or leave it out of the file"],
    ]);
  });

  it("takes a bundled game's page only in that game's own unchanged row", () => {
    const plan = planImport(
      [row({ ...GOOD, url: '/games/snake/index.html' }), row({ ...GOOD, id: 'maths-race', title: 'Maths Race', url: '/games/maths-race/index.html' })],
      catalogue,
    );
    expect(plan.map((r) => r.reasons)).toEqual([
      ["url '/games/snake/index.html' is a bundled game's page: only the portal's migrations list those; give an http:// or https:// address"],
      ["url '/games/maths-race/index.html' is a bundled game's page: only the portal's migrations list those; give an http:// or https:// address"],
    ]);
  });

  it('writes nothing when one row is refused, and prints each row with its place and reason', () => {
    const plan = planImport(rowsOf(`${HEADER}\nspace-run,Space Run,arcade,https://games.school.edu/space-run/\nbad,Bad,arcade,javascript:alert(1)\n`), catalogue);
    expect(rowsToWrite(plan)).toEqual([]);
    expect(formatPlan(plan)).toBe(
      [
        '1 to add, 0 to change, 0 unchanged, 1 refused.',
        '  added     line 2 space-run (Space Run)',
        "  refused   line 3 bad: url 'javascript:alert(1)' is not a web address: it must start with http:// or https://",
      ].join('\n'),
    );
  });

  it('refuses a row whose page check failed, keeping its entry for the message', () => {
    const [added] = planImport([row(GOOD, 'line 2')], []);
    const refused = refuseRow(added!, 'its page refuses to be framed: X-Frame-Options DENY');
    expect(formatPlan([refused])).toContain('  refused   line 2 space-run (Space Run): its page refuses to be framed: X-Frame-Options DENY');
    expect(rowsToWrite([refused])).toEqual([]);
    expect(formatPlan([{ ...added!, note: 'not checked: offline' }])).toContain('line 2 space-run (Space Run) [not checked: offline]');
  });
});

describe('export', () => {
  const entries: CatalogueFields[] = [
    { id: 'snake', title: 'Snake', slug: 'snake', category: 'arcade', description: 'Eat, grow "longer".\nNever bite.', thumbnail: null, url: '/games/snake/index.html' },
    { id: 'space-run', title: ' Odd ', slug: 'odd', category: 'board games', description: '', thumbnail: '/t.png', url: 'https://games.school.edu/' },
  ];

  it('writes CSV with a header, quoting only what needs it, that reads back as the same rows', () => {
    const csv = exportCsv(entries);
    expect(csv).toBe(
      'id,title,slug,category,description,thumbnail,url\r\n' +
        'snake,Snake,snake,arcade,"Eat, grow ""longer"".\nNever bite.",,/games/snake/index.html\r\n' +
        'space-run," Odd ",odd,board games,,/t.png,https://games.school.edu/\r\n',
    );
    expect(rowsOf(csv).map((r) => r.values)).toEqual(entries.map((e) => ({ ...e, thumbnail: e.thumbnail ?? '' })));
  });

  it('writes JSON that reads back as the same rows, and an unchanged catalogue imports as unchanged', () => {
    const read = readCatalogueJson(exportJson([SNAKE]));
    expect(read.ok && read.rows[0]?.values).toEqual({ id: 'snake', title: 'Snake', slug: 'snake', category: 'arcade', description: 'Eat, grow longer.', thumbnail: '/games/snake/thumb.svg', url: '/games/snake/index.html' });
    expect(read.ok && planImport(read.rows, [SNAKE]).map((r) => r.kind)).toEqual(['unchanged']);
    expect(planImport(rowsOf(exportCsv([SNAKE])), [SNAKE]).map((r) => r.kind)).toEqual(['unchanged']);
  });
});

describe('the category list', () => {
  it('holds no category whose page would be one of the portal\'s own pages', () => {
    const pages = new Set([...KNOWN_PAGES, 'class', 'shop', 'pass', 'moderate', 'yt'].map((page) => `/${page.toLowerCase()}`));
    for (const category of CATALOGUE_CATEGORIES) {
      expect(pages.has(toSlug(category))).toBe(false);
      expect(knownCategory(category.toUpperCase())).toBe(category);
    }
    expect(knownCategory('shooter')).toBeNull();
  });
});
