// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { useCoinBalance, useCoinHistory } from '../../../src/state/coins.ts';
import { seedUser, SWORD } from '../sync/seed.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
});

describe('useCoinBalance', () => {
  it('shows no balance while loading or signed out', async () => {
    const loading = renderHook(useCoinBalance, LOADING);
    stage = loading;
    await settle();
    expect(loading.current).toBeUndefined();
    loading.setPortal(SIGNED_OUT);
    await settle();
    expect(loading.current).toBeUndefined();
  });

  it('shows the device’s balance, and marks it pending while a change waits for the server', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db, 1200);
    const balance = renderHook(useCoinBalance, signedIn(fake.runtime));
    stage = balance;
    await settle();
    expect(balance.current).toEqual({ balance: 1200, pending: false });
    await fake.db.coins.update(USER, { balance: 400, pending: ['op-1'] });
    await settle();
    expect(balance.current).toEqual({ balance: 400, pending: true });
  });

  it('shows nothing for a student whose balance this device has never read', async () => {
    const fake = fakeRuntime();
    const balance = renderHook(useCoinBalance, signedIn(fake.runtime));
    stage = balance;
    await settle();
    expect(balance.current).toBeUndefined();
  });
});

describe('useCoinHistory', () => {
  it('lists the newest transactions first, at most the limit, with the names of the items they bought', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await fake.db.ledger.bulkPut([
      { key: 'srv:1', user_id: USER, amt: 50, why: 'streak claim', created_at: '2025-10-01T08:00:00Z', status: 'confirmed' },
      { key: 'srv:2', user_id: USER, amt: -800, why: `item:${SWORD.id}`, created_at: '2025-10-02T08:00:00Z', status: 'confirmed' },
      { key: 'op-1:0', user_id: USER, amt: 10, why: 'played a game', created_at: '2025-10-03T08:00:00Z', status: 'pending', opId: 'op-1' },
    ]);
    const history = renderHook(() => useCoinHistory(2), signedIn(fake.runtime));
    stage = history;
    await settle();
    expect(history.current.rows?.map((row) => row.key)).toEqual(['op-1:0', 'srv:2']);
    expect(history.current.itemName(SWORD.id)).toBe(SWORD.name);
  });

  it('has no rows to show signed out', async () => {
    const history = renderHook(() => useCoinHistory(20), SIGNED_OUT);
    stage = history;
    await settle();
    expect(history.current.rows).toBeUndefined();
  });
});
