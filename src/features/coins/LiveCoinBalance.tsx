import { NavLink } from 'react-router-dom';
import { formatCoins } from '../../domain/coinText.ts';
import { useCoinBalance } from '../../state/coins.ts';
import { CoinIcon } from '../../ui/CoinIcon.tsx';
import './coins.css';

export default function LiveCoinBalance() {
  const coins = useCoinBalance();
  if (coins === undefined) return null;
  const { pending } = coins;
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
