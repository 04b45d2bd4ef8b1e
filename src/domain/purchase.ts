import { formatCoins } from './coinText.ts';

/**
 * Purchases above this price ask before they spend. A streak claim pays 100 Dabloons, 200 while the
 * streak runs, so anything dearer than 1,000 is more than five days of claims: too much to lose to a
 * slip of the finger. The everyday items (the goose at 100, cursors and backgrounds at 800) stay one
 * click; the font at 1,200, the ducks at 6,000 and 30,000 and the badge at 10,000 ask first.
 */
export const CONFIRM_PURCHASES_ABOVE = 1000;

export function needsPurchaseConfirmation(price: number): boolean {
  return price > CONFIRM_PURCHASES_ABOVE;
}

/** The question asked before a dear purchase: what it costs, and what is left after it when the balance is known. */
export function purchaseQuestion(name: string, price: number, balance: number | null): string {
  const left = balance === null ? '' : ` You will have ${formatCoins(balance - price)} left.`;
  return `Buy ${name} for ${formatCoins(price)} Dabloons?${left}`;
}
