import { rarityColour } from '../domain/rarity.ts';
import './itemLook.css';

/** Text on a rarity colour: dark on white and gold, white on blue and purple. */
function inkOn(rarity: string): string {
  return rarity === 'Rare' || rarity === 'Legendary' ? '#ffffff' : '#1f2937';
}

export function RarityPill({ rarity }: { rarity: string }) {
  return (
    <span className="rarity-pill" style={{ background: rarityColour(rarity), color: inkOn(rarity) }} data-rarity={rarity}>
      {rarity}
    </span>
  );
}
