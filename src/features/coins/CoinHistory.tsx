import { signedCoins } from '../../domain/coinText.ts';
import { reasonWithItemName } from '../../domain/itemNames.ts';
import { useCoinHistory, type LedgerStatus } from '../../state/coins.ts';
import './coins.css';

const STATUS_LABEL: Record<LedgerStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  rolled_back: 'rolled back',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The student's Dabloon transactions from the local mirror: what the server confirmed and what is on its way. */
export function CoinHistory({ limit = 50 }: { limit?: number }) {
  const { rows: shown, itemName } = useCoinHistory(limit);
  if (shown === undefined) return null;
  return (
    <section className="panel" aria-labelledby="coin-history-heading" data-testid="coin-history">
      <h2 id="coin-history-heading">Dabloon history</h2>
      {shown.length === 0 ? (
        <p className="page-lead">No transactions yet. Claim your streak or play a game to earn your first Dabloons.</p>
      ) : (
        <table className="coin-history">
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} className={row.status} data-testid="ledger-row" data-status={row.status}>
                <td>{reasonWithItemName(row.why, itemName)}</td>
                <td>{dateFormat.format(new Date(row.created_at))}</td>
                <td>
                  <span className={`ledger-status ledger-status-${row.status}`}>{STATUS_LABEL[row.status]}</span>
                </td>
                <td className={`amount ${row.amt >= 0 ? 'gain' : 'spend'}`}>{signedCoins(row.amt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
