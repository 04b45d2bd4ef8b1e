import { useLiveQuery } from 'dexie-react-hooks';
import { NavLink } from 'react-router-dom';
import { readCoins } from '../../data/reads/coins.ts';
import type { DataSource } from '../../data/source.ts';
import { formatCoins } from '../../domain/coinText.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import './coins.css';

export default function LiveCoinBalance({ data, userId }: { data: DataSource; userId: string }) {
  const coins = useLiveQuery(() => readCoins(data, userId), [data, userId]);
  if (coins === undefined) return null;
  const pending = coins.pending.length > 0;
  return (
    <NavLink
      to="/shop"
      className={pending ? 'coin-balance coin-balance-pending' : 'coin-balance'}
      data-testid="coin-balance"
      data-pending={pending ? 'true' : 'false'}
      title={pending ? 'Dabloons, including changes not yet confirmed by the server' : 'Dabloons'}
    >
      <CoinIcon />
      <span data-testid="coin-amount">{formatCoins(coins.balance)}</span>
      <span className="visually-hidden"> Dabloons{pending ? ' (some pending)' : ''}</span>
    </NavLink>
  );
}
