import { describe, expect, it } from 'vitest';
import { signedCoins } from '../../../src/domain/coinText.ts';

describe('amounts', () => {
  it('shows gains with a plus and spending with a minus', () => {
    expect([signedCoins(100), signedCoins(-800), signedCoins(0), signedCoins(30000)]).toEqual(['+100', '−800', '0', '+30,000']);
  });
});
