import { useLiveQuery } from 'dexie-react-hooks';
import { NavLink } from 'react-router-dom';
import type { PortalDB } from '../../data/db.ts';
import { formatCoins } from './economy.ts';
import './coins.css';

export default function LiveCoinBalance({ db, userId }: { db: PortalDB; userId: string }) {
  const coins = useLiveQuery(() => db.coins.get(userId), [db, userId]);
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
      <span aria-hidden="true">🪙</span>
      <span data-testid="coin-amount">{formatCoins(coins.balance)}</span>
      <span className="visually-hidden"> Dabloons{pending ? ' (some pending)' : ''}</span>
    </NavLink>
  );
}
