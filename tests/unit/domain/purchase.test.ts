import { describe, expect, it } from 'vitest';
import { CONFIRM_PURCHASES_ABOVE, needsPurchaseConfirmation, purchaseQuestion } from '../../../src/domain/purchase.ts';

describe('confirming dear purchases', () => {
  it('asks above 1,000 Dabloons and never at or below it', () => {
    expect(CONFIRM_PURCHASES_ABOVE).toBe(1000);
    expect([100, 800, 1000].map(needsPurchaseConfirmation)).toEqual([false, false, false]);
    expect([1001, 1200, 6000, 30000].map(needsPurchaseConfirmation)).toEqual([true, true, true, true]);
  });

  it('says what the item costs and what will be left', () => {
    expect(purchaseQuestion('Golden Duck', 30000, 31500)).toBe('Buy Golden Duck for 30,000 Dabloons? You will have 1,500 left.');
    expect(purchaseQuestion('Golden Duck', 30000, null)).toBe('Buy Golden Duck for 30,000 Dabloons?');
  });
});
