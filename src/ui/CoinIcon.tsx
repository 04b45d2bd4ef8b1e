import { Coins } from 'lucide-react';

/** The Dabloon: a gold coin stack from the icon set, never an emoji (a box where no emoji font is installed). */
export function CoinIcon({ size = 18 }: { size?: number }) {
  return <Coins className="coin-icon" aria-hidden="true" size={size} strokeWidth={2.2} />;
}
