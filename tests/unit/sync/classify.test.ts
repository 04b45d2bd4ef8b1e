import { describe, expect, it } from 'vitest';
import { classifyError } from '../../../src/sync/classify.ts';
import { classifyResult } from '../../../src/domain/syncFailure.ts';
import { TransportError } from '../../../src/sync/transport.ts';

describe('classifyError (a failed call)', () => {
  const cases: [string, unknown, string][] = [
    ['network failure', new TransportError({ kind: 'network', message: 'TypeError: fetch failed' }), 'retry'],
    ['fetch TypeError', new TypeError('Failed to fetch'), 'retry'],
    ['500', new TransportError({ kind: 'http', status: 500, message: 'boom' }), 'retry'],
    ['502', new TransportError({ kind: 'http', status: 502, message: 'bad gateway' }), 'retry'],
    ['503', new TransportError({ kind: 'http', status: 503, message: 'unavailable' }), 'retry'],
    ['408', new TransportError({ kind: 'http', status: 408, message: 'timeout' }), 'retry'],
    ['429', new TransportError({ kind: 'http', status: 429, message: 'slow down' }), 'retry'],
    ['401', new TransportError({ kind: 'http', status: 401, message: 'JWT expired' }), 'refresh'],
    ['PGRST301', new TransportError({ kind: 'http', status: 400, code: 'PGRST301', message: 'JWT expired' }), 'refresh'],
    ['400', new TransportError({ kind: 'http', status: 400, code: '22023', message: 'bad args' }), 'park'],
    ['403', new TransportError({ kind: 'http', status: 403, code: '42501', message: 'permission denied' }), 'park'],
    ['404', new TransportError({ kind: 'http', status: 404, message: 'not found' }), 'park'],
    ['409', new TransportError({ kind: 'http', status: 409, code: '23505', message: 'duplicate' }), 'park'],
    ['unknown bug', new Error('something odd'), 'retry'],
  ];
  it.each(cases)('%s -> %s', (_name, err, action) => {
    expect(classifyError(err).action).toBe(action);
  });

  it('keeps the code and message of the server', () => {
    const d = classifyError(new TransportError({ kind: 'http', status: 400, code: 'P0001', message: 'not enough coins' }));
    expect(d).toEqual({ action: 'park', code: 'P0001', message: 'not enough coins' });
  });
});

describe('classifyResult (one answer of apply_mutations)', () => {
  const refused = (code: string, message = 'no') => ({ id: 'x', ok: false as const, code, message });
  const cases: [string, ReturnType<typeof refused> | { id: string; ok: true; result: unknown }, string][] = [
    ['ok', { id: 'x', ok: true, result: 1 }, 'ok'],
    ['P0001 rule refusal', refused('P0001', 'not enough coins'), 'park'],
    ['42501 permission', refused('42501'), 'park'],
    ['22023 bad arguments', refused('22023'), 'park'],
    ['23505 unique violation', refused('23505'), 'park'],
    ['23503 foreign key', refused('23503'), 'park'],
    ['40001 serialization failure', refused('40001'), 'retry'],
    ['40P01 deadlock', refused('40P01'), 'retry'],
    ['57014 query canceled', refused('57014'), 'retry'],
    ['53300 too many connections', refused('53300'), 'retry'],
    ['PGRST301 expired token', refused('PGRST301'), 'refresh'],
    ['PT429 too many changes at once', refused('PT429'), 'retry'],
    ['PT401 session ended', refused('PT401'), 'refresh'],
  ];
  it.each(cases)('%s -> %s', (_name, result, action) => {
    expect(classifyResult(result).action).toBe(action);
  });

  it('hands the server message on for the notice', () => {
    expect(classifyResult(refused('P0001', 'not enough coins'))).toEqual({ action: 'park', code: 'P0001', message: 'not enough coins' });
  });
});
