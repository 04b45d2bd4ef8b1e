// A throw-away PostgreSQL 15 cluster, where its binaries are installed: one server per engine, a
// template database with the bootstrap, one with the migrations on top, and copies of those.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectTo, freePort, templatedEngine } from './cluster.ts';
import { applyFiles, type Engine, type EngineKind } from './engine.ts';
import { bootstrapFile, migrationFiles } from './files.ts';
import type { Connection } from './session.ts';

export const PG15_BIN = process.env.PG15_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root, so as root the cluster belongs to the 'postgres' OS user. */
function clusterOwner(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A new cluster of its own on a free loopback port, removed again by stop(). */
export async function startCluster(): Promise<{ port: number; stop(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'portal-pg15-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  const owner = clusterOwner();
  mkdirSync(socketDir);
  if ('uid' in owner) {
    chownSync(root, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }
  execFileSync(
    join(PG15_BIN, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
    { stdio: 'pipe', cwd: root, ...owner },
  );
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(PG15_BIN, 'postgres'),
    ['-D', dataDir, '-k', socketDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1',
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=40'],
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: root, ...owner },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (server.exitCode === null) {
      // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and exits at once.
      const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
      server.kill('SIGINT');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const probe = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await probe.connect();
      await probe.end();
      return { port, stop };
    } catch {
      if (server.exitCode !== null) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
  await stop();
  throw new Error(`PostgreSQL 15 did not start:\n${log}`);
}

export const postgres15: EngineKind = {
  name: 'PostgreSQL 15',
  manySessions: true,
  unavailable: () =>
    existsSync(join(PG15_BIN, 'initdb')) && existsSync(join(PG15_BIN, 'postgres'))
      ? null
      : `PostgreSQL 15 is not installed (no ${PG15_BIN}/initdb; set PG15_BIN)`,

  async start(): Promise<Engine> {
    const cluster = await startCluster();
    const connect = (database: string) => connectTo(cluster.port, 'postgres', database);
    let admin: Connection | undefined;
    try {
      admin = await connect('postgres');
      await admin.exec('create database platform');
      const platform = await connect('platform');
      try {
        await applyFiles(platform, [bootstrapFile()], 'PostgreSQL 15');
      } finally {
        await platform.close();
      }
      await admin.exec('create database migrated template platform');
      const migrating = await connect('migrated');
      try {
        await applyFiles(migrating, migrationFiles(), 'PostgreSQL 15');
      } finally {
        await migrating.close();
      }
    } catch (error) {
      await admin?.close();
      await cluster.stop();
      throw error;
    }
    return templatedEngine({ name: 'PostgreSQL 15', port: cluster.port, admin, user: 'postgres', stop: cluster.stop });
  },
};
