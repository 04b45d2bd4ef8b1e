import { rarityColour } from '../domain/rarity.ts';
import './itemLook.css';

/** Text on a rarity colour: dark on white and gold, white on blue and purple. */
function inkOn(rarity: string): string {
  return rarity === 'Rare' || rarity === 'Legendary' ? '#ffffff' : '#1f2937';
}

export function RarityPill({ rarity }: { rarity: string }) {
  // Common (and an unknown rarity, drawn as Common) takes its look from the theme's tokens.
  const common = rarityColour(rarity) === rarityColour('Common');
  return (
    <span className={common ? 'rarity-pill rarity-common' : 'rarity-pill'} style={common ? undefined : { background: rarityColour(rarity), color: inkOn(rarity) }} data-rarity={rarity}>
      {rarity}
    </span>
  );
}
