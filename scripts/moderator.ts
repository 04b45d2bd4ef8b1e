// `npm run moderator -- <command>`: who works the moderation desk, without SQL (issue 27).
//
//   add <username> [--by <your name>]
//   remove <username>
//   list
//
// Like `npm run catalogue`, it talks to a backend as the service role: the portal `npm start` runs on this
// computer by default (http://127.0.0.1:4173, its key read from the data folder), or a hosted project with
// --url https://<project>.supabase.co and --key <service-role key>. A moderator row is all the desk checks
// (app_private.require_moderator), so adding one is the whole grant, and removing it the whole revocation.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BackendError,
  consoleIo,
  DEFAULT_DATA_DIR,
  DEFAULT_PORTAL_URL,
  keyFromDataDir,
  request,
  UsageError,
  type BackendTarget,
  type Io,
} from './operatorBackend.ts';

interface Student {
  user_id: string;
  username: string;
}

interface ModeratorRow {
  user_id: string;
  granted_at: string;
  granted_by: string;
}

export interface Outcome {
  /** 0: done (or nothing to do); 1: refused, nothing changed. */
  code: 0 | 1;
  text: string;
}

/** `like` patterns read `_` and `%` as wildcards, and PostgREST reads `*` as `%`: a username is matched as written. */
const likeLiteral = (text: string) => text.replace(/[\\%_*]/g, (c) => `\\${c}`);

/**
 * The student with this username. Usernames are unique ignoring case, so an operator may type "Maya_B" for
 * "maya_b"; the exact spelling is tried first and the answer is checked here, whatever the pattern matched.
 */
export async function findStudent(target: BackendTarget, username: string): Promise<Student | undefined> {
  const exact = (await request(target, `/rest/v1/my_users?select=user_id,username&username=eq.${encodeURIComponent(username)}`)) as Student[];
  if (exact[0] !== undefined) return exact[0];
  const loose = (await request(
    target,
    `/rest/v1/my_users?select=user_id,username&username=ilike.${encodeURIComponent(likeLiteral(username))}&limit=10`,
  )) as Student[];
  return loose.find((row) => row.username.toLowerCase() === username.toLowerCase());
}

async function moderatorRow(target: BackendTarget, userId: string): Promise<ModeratorRow | undefined> {
  const rows = (await request(target, `/rest/v1/moderators?select=user_id,granted_at,granted_by&user_id=eq.${userId}`)) as ModeratorRow[];
  return rows[0];
}

const noSuchStudent = (username: string): Outcome => ({
  code: 1,
  text: `There is no student named '${username}': check the name on their profile page (/profile/<username>).`,
});

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

export async function addModerator(target: BackendTarget, username: string, grantedBy: string): Promise<Outcome> {
  const student = await findStudent(target, username);
  if (student === undefined) return noSuchStudent(username);
  const existing = await moderatorRow(target, student.user_id);
  if (existing !== undefined) {
    return { code: 0, text: `${student.username} is already a moderator (since ${day(existing.granted_at)}, by ${existing.granted_by}).` };
  }
  await request(target, '/rest/v1/moderators?on_conflict=user_id', {
    method: 'POST',
    headers: { prefer: 'resolution=ignore-duplicates,return=minimal' },
    body: JSON.stringify({ user_id: student.user_id, granted_by: grantedBy }),
  });
  return {
    code: 0,
    text: `${student.username} is now a moderator: their Settings page links to the desk (/moderate) the next time it loads. A moderator with an authenticator app enters its code first.`,
  };
}

export async function removeModerator(target: BackendTarget, username: string): Promise<Outcome> {
  const student = await findStudent(target, username);
  if (student === undefined) return noSuchStudent(username);
  const removed = (await request(target, `/rest/v1/moderators?user_id=eq.${student.user_id}`, {
    method: 'DELETE',
    headers: { prefer: 'return=representation' },
  })) as ModeratorRow[];
  if (removed.length === 0) return { code: 0, text: `${student.username} is not a moderator: nothing to remove.` };
  return { code: 0, text: `${student.username} is no longer a moderator: the desk refuses them from their next request. Their past decisions stay on record.` };
}

export async function listModerators(target: BackendTarget): Promise<Outcome> {
  const rows = (await request(target, '/rest/v1/moderators?select=user_id,granted_at,granted_by&order=granted_at&limit=1000')) as ModeratorRow[];
  if (rows.length === 0) return { code: 0, text: 'No moderators yet: `npm run moderator -- add <username>` makes one.' };
  const names = (await request(target, `/rest/v1/my_users?select=user_id,username&user_id=in.(${rows.map((r) => r.user_id).join(',')})`)) as Student[];
  const nameOf = new Map(names.map((s) => [s.user_id, s.username]));
  const lines = rows.map((r) => `${nameOf.get(r.user_id) ?? `(no profile: ${r.user_id})`}  since ${day(r.granted_at)}, by ${r.granted_by}`);
  return { code: 0, text: [`${rows.length} moderator${rows.length === 1 ? '' : 's'}:`, ...lines].join('\n') };
}

const USAGE = `Usage: npm run moderator -- <command> [--url <backend address>] [--key <service-role key> | --data-dir <folder>]

  add <username> [--by <your name>]   let a student work the moderation desk at /moderate
  remove <username>                   take the desk away (their past decisions stay on record)
  list                                who moderates, since when, granted by whom

  --url       the backend's address: ${DEFAULT_PORTAL_URL} (npm start on this computer) by default,
              or https://<project>.supabase.co for a hosted project
  --key       its service-role key; without it, the one in <data dir>/secrets.json of the embedded backend
  --data-dir  the embedded backend's data folder (default .data)
  --by        who granted it, kept with the grant (default: operator)`;

const MAX_GRANTED_BY = 100;

export async function main(args: string[], io: Io = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        url: { type: 'string', default: DEFAULT_PORTAL_URL },
        key: { type: 'string' },
        'data-dir': { type: 'string' },
        by: { type: 'string', default: 'operator' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const [command, username, ...extra] = positionals;
  try {
    if (command === undefined || !['add', 'remove', 'list'].includes(command)) {
      throw new UsageError(command === undefined ? 'name a command' : `unknown command '${command}'`);
    }
    if (command !== 'list' && (username === undefined || username.trim() === '')) throw new UsageError(`${command} needs a username`);
    const unexpected = command === 'list' ? positionals.slice(1) : extra;
    if (unexpected.length > 0) throw new UsageError(`unexpected ${unexpected.join(' ')}`);
    const grantedBy = values.by.trim();
    if (grantedBy === '' || grantedBy.length > MAX_GRANTED_BY) throw new UsageError(`--by is a name of 1 to ${MAX_GRANTED_BY} characters`);
    try {
      new URL(values.url);
    } catch {
      throw new UsageError(`--url ${values.url} is not an address (for example ${DEFAULT_PORTAL_URL})`);
    }
    const key = values.key ?? (await keyFromDataDir(values['data-dir'] === undefined ? DEFAULT_DATA_DIR : resolve(values['data-dir'])));
    const target = { url: values.url, key };
    const name = username?.trim() ?? '';
    const outcome =
      command === 'add' ? await addModerator(target, name, grantedBy) : command === 'remove' ? await removeModerator(target, name) : await listModerators(target);
    (outcome.code === 0 ? io.out : io.err)(outcome.text);
    return outcome.code;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof BackendError) {
      io.err(`Nothing was changed: ${error.message}.`);
      return error.status === null ? 2 : 1;
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
