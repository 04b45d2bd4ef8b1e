// Classmates' devices on a class network, made on this machine for a test: each device is a network
// namespace joined to this machine by a veth pair with a private /30 of its own (this machine's end
// .1, the device's .2), with a default route through it. A backend listening on a device's host end is
// reached from every device there, and sees each one at its own address, as the laptop of a class sees
// each Chromebook. Nothing goes to this machine's address on a real network. Making one needs root and
// iproute2's `ip`; classNetworkUnavailable() says why not. A developer's machine without them skips
// those tests with that reason; CI (.ci/run runs as root and installs iproute2) never does.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why no device can be made here, or null when it can. */
export function classNetworkUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces are a Linux feature';
  if (process.getuid?.() !== 0) return 'making a network namespace needs root';
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
  } catch {
    return 'the ip command (iproute2) is not installed';
  }
  return null;
}

/**
 * Why a classmate's device test cannot run here, for it to skip with; under CI, where .ci/run makes
 * sure it can, a missing piece fails the run instead, so the check can never silently drop out.
 */
export function classNetworkSkipReason(): string | null {
  const why = classNetworkUnavailable();
  if (why !== null && process.env.CI) throw new Error(`CI must be able to make a classmate's device, but ${why}.`);
  return why;
}

export interface DeviceAnswer {
  status: number;
  body: string;
}

export interface ClassDevice {
  /** The namespace's name, for `ip netns exec`. */
  readonly namespace: string;
  /** This machine's end of the device's link: where a server listens for the class. */
  readonly hostAddress: string;
  /** The device's own address, as a server sees it. */
  readonly address: string;
  /** A command line that runs `command` on the device. */
  command(command: string, args?: string[]): [string, string[]];
  /** An executable file that runs `program` on the device with the arguments it is given (for a browser). */
  wrapper(program: string): string;
  /** One HTTP request made from the device (by Node, run inside its namespace). */
  fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<DeviceAnswer>;
  /** Removes the namespace, its link and its files; safe to call twice. */
  close(): Promise<void>;
}

/** The private /30 blocks this module takes from, one per device: 10.213.0.0/16 holds 16,384. */
const BLOCKS = 16_384;
let made = 0;

/** IPv4 networks this machine already routes or holds, so a device never shadows a real one. */
function networksInUse(): Array<[number, number]> {
  const text = `${execFileSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' })}\n${execFileSync('ip', ['-4', 'route', 'show', 'table', 'all'], { encoding: 'utf8' })}`;
  const found: Array<[number, number]> = [];
  for (const match of text.matchAll(/(\d+\.\d+\.\d+\.\d+)(?:\/(\d+))?/g)) {
    const bits = Number(match[2] ?? 32);
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    found.push([(toNumber(match[1]!) & mask) >>> 0, mask]);
  }
  return found;
}

const toNumber = (address: string) => address.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);

/** Makes one device. Throws with `ip`'s own words when this machine refuses. */
export async function makeClassDevice(): Promise<ClassDevice> {
  const inUse = networksInUse().filter(([, mask]) => mask !== 0);
  for (let attempt = 0; attempt < 64; attempt += 1) {
    made += 1;
    const block = (process.pid * 61 + made * 7) % BLOCKS;
    const base = toNumber('10.213.0.0') + block * 4;
    if (inUse.some(([network, mask]) => ((base & mask) >>> 0) === network || ((network & 0xfffffffc) >>> 0) === base)) continue;
    const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    const hostAddress = dotted(base + 1);
    const address = dotted(base + 2);
    const namespace = `portal-class-${block}`;
    const hostLink = `pch${block}`;
    const deviceLink = `pcd${block}`;
    try {
      await run('ip', ['netns', 'add', namespace]);
    } catch (error) {
      if (/exists/i.test(String((error as { stderr?: string }).stderr))) continue;
      throw new Error(`ip netns add failed: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`);
    }
    const files = mkdtempSync(join(tmpdir(), 'class-device-'));
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      // Deleting the namespace deletes the device's end of the link, and with it this machine's end.
      await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
      await run('ip', ['link', 'del', hostLink]).catch(() => undefined);
      rmSync(files, { recursive: true, force: true });
    };
    try {
      for (const args of [
        ['link', 'add', hostLink, 'type', 'veth', 'peer', 'name', deviceLink, 'netns', namespace],
        ['addr', 'add', `${hostAddress}/30`, 'dev', hostLink],
        ['link', 'set', hostLink, 'up'],
        ['-n', namespace, 'link', 'set', 'lo', 'up'],
        ['-n', namespace, 'addr', 'add', `${address}/30`, 'dev', deviceLink],
        ['-n', namespace, 'link', 'set', deviceLink, 'up'],
        ['-n', namespace, 'route', 'add', 'default', 'via', hostAddress],
      ]) {
        await run('ip', args);
      }
    } catch (error) {
      await close();
      throw new Error(`setting up the device's link failed: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`);
    }
    const command = (program: string, args: string[] = []): [string, string[]] => ['ip', ['netns', 'exec', namespace, program, ...args]];
    return {
      namespace,
      hostAddress,
      address,
      command,
      wrapper(program) {
        const file = join(files, 'on-device');
        writeFileSync(file, `#!/bin/sh\nexec ip netns exec '${namespace}' '${program}' "$@"\n`);
        chmodSync(file, 0o755);
        return file;
      },
      async fetch(url, init = {}) {
        const script = `fetch(process.argv[1], JSON.parse(process.argv[2])).then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })))`;
        const [program, args] = command(process.execPath, ['-e', script, url, JSON.stringify(init)]);
        const { stdout } = await run(program, args);
        return JSON.parse(stdout) as DeviceAnswer;
      },
      close,
    };
  }
  throw new Error('no free /30 in 10.213.0.0/16 for a device');
}
