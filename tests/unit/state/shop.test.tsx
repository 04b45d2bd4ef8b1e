// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ITEM_ALREADY_OWNED, NOT_ENOUGH_COINS, NOT_LOGGED_IN } from '../../../src/domain/messages.ts';
import { useShop, type ItemForSale } from '../../../src/state/shop.ts';
import { notice } from '../../../src/ui/notice.tsx';
import { CAT_BG, seedUser, SWORD } from '../sync/seed.ts';
import { fakeRuntime, LOADING, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<ReturnType<typeof useShop>> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  vi.restoreAllMocks();
});

const SWORD_FOR_SALE = SWORD as ItemForSale;

async function attempt(action: () => Promise<boolean>): Promise<boolean> {
  let answer = false;
  await act(async () => {
    answer = await action();
  });
  await settle();
  return answer;
}

describe('useShop', () => {
  it('cannot act before the runtime is there: nothing to buy yet', async () => {
    stage = renderHook(useShop, LOADING);
    await settle();
    expect(stage.current.account).toBe('loading');
    expect(stage.current.ready).toBe(false);
    expect(stage.current.items).toEqual([]);
  });

  it('signed out, shows the catalogue, and a purchase shows the spec’s notice and queues nothing', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    const fake = fakeRuntime();
    await seedUser(fake.db);
    stage = renderHook(useShop, { ...SIGNED_OUT, runtime: fake.runtime });
    await settle();
    expect(stage.current.ready).toBe(true);
    expect(stage.current.items?.map((item) => item.id).sort()).toEqual([CAT_BG.id, SWORD.id]);
    expect(stage.current.balance).toBeNull();
    expect(await attempt(() => stage!.current.buy(SWORD_FOR_SALE))).toBe(false);
    expect(error).toHaveBeenCalledWith(NOT_LOGGED_IN, expect.anything());
    expect(await fake.db.outbox.count()).toBe(0);
  });

  it('a purchase is applied on the device at once: owned and pending, the balance down, and one change queued', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db, 1000);
    stage = renderHook(useShop, signedIn(fake.runtime));
    await settle();
    expect(stage.current.balance).toBe(1000);
    expect(await attempt(() => stage!.current.mayBuy(SWORD_FOR_SALE))).toBe(true);
    expect(await fake.db.outbox.count()).toBe(0);
    expect(await attempt(() => stage!.current.buy(SWORD_FOR_SALE))).toBe(true);
    expect(stage.current.balance).toBe(1000 - SWORD.price!);
    expect(stage.current.owned.get(SWORD.id)?.pendingOpId).toBeDefined();
    expect(await fake.db.outbox.where('userId').equals(USER).count()).toBe(1);
  });

  it('refuses what the device can already tell: an item owned, a price above the balance', async () => {
    const error = vi.spyOn(notice, 'error').mockImplementation(() => '');
    const fake = fakeRuntime();
    await seedUser(fake.db, 1000);
    await fake.db.items.put({ user_id: USER, item: CAT_BG.id, type: CAT_BG.type, created_at: '2025-10-01T00:00:00Z', equipped: false });
    stage = renderHook(useShop, signedIn(fake.runtime));
    await settle();
    expect(await attempt(() => stage!.current.mayBuy(CAT_BG as ItemForSale))).toBe(false);
    expect(error).toHaveBeenLastCalledWith(ITEM_ALREADY_OWNED);
    expect(await attempt(() => stage!.current.buy({ ...SWORD_FOR_SALE, price: 1001 }))).toBe(false);
    expect(error).toHaveBeenLastCalledWith(NOT_ENOUGH_COINS);
    expect(await fake.db.outbox.count()).toBe(0);
  });

  it('equips an owned item on the device at once, waiting for the server', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await fake.db.items.put({ user_id: USER, item: SWORD.id, type: SWORD.type, created_at: '2025-10-01T00:00:00Z', equipped: false });
    stage = renderHook(useShop, signedIn(fake.runtime));
    await settle();
    expect(await attempt(() => stage!.current.equip(SWORD.id, true))).toBe(true);
    expect(stage.current.owned.get(SWORD.id)).toMatchObject({ equipped: true, pendingOpId: expect.any(String) });
  });
});
