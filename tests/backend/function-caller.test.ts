// A function's calls back to the backend are the calling device's (issue 28): they take that device's
// turns at the database and count against its limits, and the database is told its address. Shared by
// every device as this machine's, one student's flood of function calls queued every classmate's moves
// behind it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../supabase/embedded/server.ts';
import { client } from './helpers.ts';

const migrations = mkdtempSync(join(tmpdir(), 'function-caller-'));
let backend: Backend;

beforeAll(async () => {
  writeFileSync(
    join(migrations, '20240101000000_request_device.sql'),
    `create function public.request_device() returns text language sql stable as
       $$ select current_setting('request.headers', true)::jsonb ->> 'x-device-address' $$;
     grant execute on function public.request_device() to anon, authenticated, service_role;`,
  );
  writeFileSync(join(migrations, 'seed.sql'), '');
  backend = await startBackend({
    port: 0,
    dataDir: 'memory',
    quiet: true,
    migrationsDir: migrations,
    seedFile: join(migrations, 'seed.sql'),
    functionsDir: join(import.meta.dirname, 'fixtures', 'functions'),
  });
});

afterAll(async () => {
  await backend?.close();
  rmSync(migrations, { recursive: true, force: true });
});

it("runs a function's calls back as the device that called the function", async () => {
  for (const device of ['127.0.0.7', '127.0.0.8']) {
    const { data, error } = await client(backend, backend.anonKey, device).functions.invoke('device-address');
    expect(error).toBeNull();
    expect(data).toBe(device);
  }
});

it('answers a call to the backend itself with the address it came from', async () => {
  const { data, error } = await client(backend, backend.anonKey, '127.0.0.9').rpc('request_device');
  expect(error).toBeNull();
  expect(data).toBe('127.0.0.9');
});
