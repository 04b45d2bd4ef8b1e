// A full disk, told apart from other write failures. Apart from db.ts so that the writers of src/data, which
// a page's chunk imports, do not bring Dexie with them: Dexie names the error as the browser does.
export const STORAGE_FULL_MESSAGE =
  'This device is out of storage space, so nothing was saved. Free some space (or clear old site data) and try again.';

/** Raised instead of a raw QuotaExceededError; the transaction it came from was rolled back whole. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(readonly original: unknown) {
    super(STORAGE_FULL_MESSAGE);
  }
}

export function isQuotaExceeded(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { name?: unknown }).name === 'QuotaExceededError') return true;
    // Dexie wraps the DOMException of an aborted transaction in AbortError.inner.
    e = (e as { inner?: unknown }).inner;
  }
  return false;
}

/**
 * Runs a write; a full disk surfaces as StorageFullError. Callers pass a whole Dexie
 * transaction so that a quota failure leaves nothing half-written.
 */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaExceeded(err)) throw new StorageFullError(err);
    throw err;
  }
}
