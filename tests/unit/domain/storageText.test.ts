import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/domain/formatBytes.ts';
import { gameFolder } from '../../../src/domain/gameFolder.ts';

describe('the offline cache page', () => {
  it('words sizes in bytes, kilobytes and up, and says unknown for none', () => {
    expect(formatBytes(null)).toBe('unknown');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });

  it("finds a bundled game's folder from its page, and nothing for other addresses", () => {
    expect(gameFolder('/games/snake/index.html')).toBe('/games/snake/');
    expect(gameFolder('https://example.org/apps/fraction-frenzy/')).toBeNull();
    expect(gameFolder('/games/')).toBeNull();
  });
});
