// This machine's own address on a network (not loopback), for tests that must come from a client the
// backend does not count as "this machine", as a classmate's Chromebook would.
import { networkInterfaces } from 'node:os';

export function lanAddress(): string {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  throw new Error('This machine has no IPv4 address besides loopback: the test needs one to act as another device.');
}
