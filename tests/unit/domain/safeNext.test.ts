import { describe, expect, it } from 'vitest';
import { safeNext } from '../../../src/domain/safeNext.ts';

describe('where to go after signing in', () => {
  it('keeps paths inside the portal and refuses other sites', () => {
    expect(safeNext('/streak')).toBe('/streak');
    expect(safeNext('/class/Slope?x=1')).toBe('/class/Slope?x=1');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/auth')).toBe('/');
  });
});
