// What the server holds for a student, read as the service role: the fault tests compare it with
// what the student did, entry for entry.
import { backendUrl, serviceSelect, type Student } from './backend.ts';

export interface LedgerEntry {
  amt: number;
  why: string;
}

/** The student's coins_transactions in the order the server wrote them. */
export function serverLedger(student: Student, base = backendUrl): Promise<LedgerEntry[]> {
  return serviceSelect<LedgerEntry>('coins_transactions', `user_id=eq.${student.userId}&select=amt,why&order=id.asc`, base);
}

/** The client ids the server applied for the student (each at most once: a replay only reads its first result). */
export async function appliedClientIds(student: Student, base = backendUrl): Promise<string[]> {
  const rows = await serviceSelect<{ client_id: string }>('client_mutations', `user_id=eq.${student.userId}&select=client_id`, base);
  return rows.map((row) => row.client_id);
}

export function sum(ledger: LedgerEntry[]): number {
  return ledger.reduce((total, entry) => total + entry.amt, 0);
}
