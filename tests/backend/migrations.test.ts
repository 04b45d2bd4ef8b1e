// The product's own supabase/migrations and seed.sql served by the gateway: whatever they hold,
// they apply in order, every table answers the REST API without a server error, and accounts work.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_DIR } from '../../supabase/embedded/database.ts';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { client, newUser } from './helpers.ts';

const migrationsDir = join(SUPABASE_DIR, 'migrations');
let files: string[] = [];
let tables: string[] = [];
let backend: Backend;

beforeAll(async () => {
  files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
  tables = [
    ...new Set(files.flatMap((f) => [...readFileSync(join(migrationsDir, f), 'utf8').matchAll(/create table (?:if not exists )?public\.(\w+)/gi)].map((m) => m[1] as string))),
  ];
  backend = await startBackend({ port: 0, dataDir: 'memory', quiet: true });
});
afterAll(() => backend.close());

describe('the product migrations on the gateway', () => {
  it('applies every migration file in filename order', () => {
    expect(backend.appliedMigrations).toEqual(files.map((f) => f.split('_')[0]));
  });

  it('serves every table to anon and to a signed-in user without a server error', async () => {
    const user = await newUser(backend);
    for (const table of tables) {
      for (const [who, supabase] of [['anon', client(backend)], ['user', user.supabase]] as const) {
        const { status, error } = await supabase.from(table).select('*').limit(1);
        expect([200, 206, 401, 403], `${who} reading ${table}: ${error?.message ?? ''}`).toContain(status);
      }
    }
  });

  it('signs a user up and in against the real schema', async () => {
    const user = await newUser(backend);
    const again = await client(backend).auth.signInWithPassword({ email: user.email, password: user.password });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(user.id);
    expect((await user.supabase.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('claims a streak once through the RPCs, replays by client id, and lists it on the board', async () => {
    const user = await newUser(backend);
    await user.supabase.rpc('ensure_profile');
    const clientId = crypto.randomUUID();
    const first = await user.supabase.rpc('claim_streak', { p_client_id: clientId });
    expect(first.error).toBeNull();
    const replay = await user.supabase.rpc('claim_streak', { p_client_id: clientId });
    expect(replay.data).toEqual(first.data);
    const again = await user.supabase.rpc('claim_streak', { p_client_id: crypto.randomUUID() });
    expect(again.status).toBe(400);
    expect(again.error?.code).toBe('P0001');
    expect(again.error?.message).toBe('You already claimed your streak today. Come back later!');
    const board = await client(backend).rpc('get_top_streaks');
    expect(board.error).toBeNull();
    expect((board.data as { user_id: string }[]).some((row) => row.user_id === user.id)).toBe(true);
    // Overloads of get_coins_gained resolve by argument names.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect(Array.isArray((await client(backend).rpc('get_coins_gained', { start_date: weekAgo })).data)).toBe(true);
    const mine = await user.supabase.rpc('get_coins_gained', { p_user_id: user.id, start_date: weekAgo });
    expect(mine.error).toBeNull();
    expect(Number(mine.data)).toBeGreaterThanOrEqual(100);
  });
});
