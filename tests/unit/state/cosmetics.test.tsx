// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopItemRow } from '../../../src/store/db.ts';
import { NO_COSMETICS } from '../../../src/domain/cosmeticPlan.ts';
import { GOOSE_ITEM_ID, useGoose, useWorn } from '../../../src/state/cosmetics.ts';
import { CAT_BG, seedUser, SWORD } from '../sync/seed.ts';
import { fakeRuntime, renderHook, settle, SIGNED_OUT, signedIn, USER, type HookStage } from './harness.tsx';

let stage: HookStage<unknown> | null = null;
afterEach(() => {
  stage?.unmount();
  stage = null;
  localStorage.clear();
});

const GOOSE: ShopItemRow = { ...SWORD, id: GOOSE_ITEM_ID, name: 'Desktop goose', type: 'special', asset: {} };
const owned = (item: ShopItemRow, equipped: boolean) => ({ user_id: USER, item: item.id, type: item.type, created_at: '2025-10-01T00:00:00Z', equipped });

describe('useWorn', () => {
  it('wears nothing it has not read: signed out there is no plan', async () => {
    const worn = renderHook(useWorn, SIGNED_OUT);
    stage = worn;
    await settle();
    expect(worn.current).toEqual({ plan: undefined, ownsGoose: false });
  });

  it('plans the equipped items only, and follows an equip made on the device', async () => {
    const fake = fakeRuntime();
    await seedUser(fake.db);
    await fake.db.items.bulkPut([owned(SWORD, true), owned(CAT_BG, false)]);
    const worn = renderHook(useWorn, signedIn(fake.runtime));
    stage = worn;
    await settle();
    expect(worn.current.plan).toEqual({ ...NO_COSMETICS, cursor: '/items/sword.cur' });
    await fake.db.items.put(owned(CAT_BG, true));
    await settle();
    expect(worn.current.plan).toEqual({ ...NO_COSMETICS, cursor: '/items/sword.cur', background: '/items/cat.png' });
    expect(worn.current.ownsGoose).toBe(false);
  });

  it('knows the student owns the goose, which is worn without equipping', async () => {
    const fake = fakeRuntime();
    await fake.db.shopItems.put(GOOSE);
    await fake.db.items.put(owned(GOOSE, false));
    const worn = renderHook(useWorn, signedIn(fake.runtime));
    stage = worn;
    await settle();
    expect(worn.current).toEqual({ plan: NO_COSMETICS, ownsGoose: true });
  });
});

describe('useGoose', () => {
  it('is nobody’s goose while signed out', () => {
    const goose = renderHook(useGoose, SIGNED_OUT);
    stage = goose;
    expect(goose.current).toBeNull();
  });

  it('sends the goose away for this student on this device, and lets it out again', () => {
    const fake = fakeRuntime();
    const goose = renderHook(useGoose, signedIn(fake.runtime));
    stage = goose;
    expect(goose.current?.hidden).toBe(false);
    act(() => goose.current?.setHidden(true));
    expect(goose.current?.hidden).toBe(true);
    // Another student on the same device still has theirs.
    goose.setPortal(signedIn(fake.runtime, '00000000-0000-4000-8000-000000000002'));
    expect(goose.current?.hidden).toBe(false);
    goose.setPortal(signedIn(fake.runtime));
    act(() => goose.current?.setHidden(false));
    expect(goose.current?.hidden).toBe(false);
  });
});
