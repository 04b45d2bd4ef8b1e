/** Whole Dabloons with thousands separators, the same on every device. */
export function formatCoins(amount: number): string {
  return Math.trunc(amount).toLocaleString('en-US');
}

/** A gain with a plus, spending with a minus sign. */
export function signedCoins(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatCoins(Math.abs(amount))}`;
}
