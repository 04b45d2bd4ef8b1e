import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PortalSupabase } from '../../../src/backend/supabase.ts';
import { isOnline } from '../../../src/data/online.ts';
import { failed, isUnreachable, ok, thrown } from '../../../src/data/result.ts';
import { createDataSource, partsOf, type DataSource } from '../../../src/data/source.ts';
import { freshDb } from '../sync/fakes.ts';

describe('the data source a page holds', () => {
  it('shows nothing of the client or the mirror it carries, and hands them to src/data', () => {
    const { db } = freshDb();
    const supabase = {} as PortalSupabase;
    const source = createDataSource(supabase, db);
    expect(Object.keys(source)).toEqual([]);
    expect(Object.isFrozen(source)).toBe(true);
    expect(partsOf(source).db).toBe(db);
    expect(partsOf(source).supabase).toBe(supabase);
  });

  it('refuses an object it did not make', () => {
    expect(() => partsOf({} as DataSource)).toThrow('This DataSource was not made by createDataSource.');
  });
});

describe('results of online-only reads and actions', () => {
  it("keep the server's message, code and status, and a thrown error's message", () => {
    expect(ok(3)).toEqual({ data: 3, error: null });
    expect(failed({ message: 'nope', code: '42501', status: 403 })).toEqual({ data: null, error: { message: 'nope', code: '42501', status: 403 } });
    expect(failed({ message: 'nope', code: '' })).toEqual({ data: null, error: { message: 'nope' } });
    expect(thrown(new TypeError('Failed to fetch'))).toEqual({ data: null, error: { message: 'Failed to fetch' } });
    expect(thrown('odd')).toEqual({ data: null, error: { message: 'odd' } });
  });

  it('tell a server that could not be reached from one that refused', () => {
    expect(isUnreachable({ message: 'TypeError: Failed to fetch', status: 0 })).toBe(true);
    expect(isUnreachable({ message: 'NetworkError when attempting to fetch resource.' })).toBe(true);
    expect(isUnreachable({ message: 'Load failed' })).toBe(true);
    expect(isUnreachable({ message: 'That username is already taken. Please choose another one.', status: 400 })).toBe(false);
  });

  it('count a place with no browser as online', () => {
    expect(isOnline()).toBe(true);
  });
});
