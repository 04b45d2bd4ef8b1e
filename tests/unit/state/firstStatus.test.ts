import { describe, expect, it } from 'vitest';
import { firstStatus } from '../../../src/state/firstStatus.ts';

describe('who the page is for before the runtime has loaded', () => {
  const none = () => false;
  const stored = () => true;

  it('is a visitor at once when the device holds no session and the address brings none', () => {
    expect(firstStatus('http://127.0.0.1:4173/', none)).toBe('signed-out');
    expect(firstStatus('http://127.0.0.1:4173/shop?category=cursor#top', none)).toBe('signed-out');
  });

  it('waits for the runtime when a session is stored', () => {
    expect(firstStatus('http://127.0.0.1:4173/', stored)).toBe('loading');
  });

  it('waits for the runtime when an auth redirect brings a session or a code', () => {
    for (const href of [
      'http://127.0.0.1:4173/auth#access_token=abc&refresh_token=def&type=signup',
      'http://127.0.0.1:4173/auth?code=1234',
      'http://127.0.0.1:4173/auth?token_hash=x&type=recovery',
    ]) {
      expect(firstStatus(href, none), href).toBe('loading');
    }
  });
});
