// Who is on the other end of a connection, as the backend judges it: the address the socket came
// from, never a header a client could write (no proxy is trusted).
import type { IncomingMessage } from 'node:http';

/** The client's address, with IPv4 addresses in their plain form. */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** This machine itself: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/** Whether listening on `host` lets other machines connect. */
export function reachableFromNetwork(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return !(bare === 'localhost' || isLoopback(bare));
}
