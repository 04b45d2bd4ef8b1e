import { useLiveQuery } from 'dexie-react-hooks';
import type { LedgerRow, LedgerStatus, PortalDB } from '../../data/db.ts';
import { signedCoins } from './economy.ts';
import './coins.css';

const STATUS_LABEL: Record<LedgerStatus, string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  rolled_back: 'rolled back',
};

/** Newest first; ties (one server transaction at the same instant) keep a stable order. */
export function sortLedger(rows: readonly LedgerRow[]): LedgerRow[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.key.localeCompare(a.key));
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The student's Dabloon transactions from the local mirror: what the server confirmed and what is on its way. */
export function CoinHistory({ db, userId, limit = 50 }: { db: PortalDB; userId: string; limit?: number }) {
  const rows = useLiveQuery(() => db.ledger.where('user_id').equals(userId).toArray(), [db, userId]);
  if (rows === undefined) return null;
  const shown = sortLedger(rows).slice(0, limit);
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
                <td>{row.why}</td>
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
