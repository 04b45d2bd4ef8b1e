import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberShelves, shelvesLikely } from '../../../src/data/shelfHint.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the shelf hint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says no shelf is coming on a device that never recorded one (a first visit)', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(shelvesLikely()).toBe(false);
  });

  it('follows what the device last recorded', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    rememberShelves(true);
    expect(shelvesLikely()).toBe(true);
    rememberShelves(false);
    expect(shelvesLikely()).toBe(false);
  });

  it('waits for the shelves when storage cannot be read, and a refused write changes nothing', () => {
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', refusing);
    expect(shelvesLikely()).toBe(true);
    expect(() => rememberShelves(false)).not.toThrow();
  });
});
