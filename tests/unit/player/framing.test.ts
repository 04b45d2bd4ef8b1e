import { describe, expect, it } from 'vitest';
import { analyseFrameHeaders } from '../../../src/features/player/framing.ts';

const verdict = (headers: Record<string, string>) => analyseFrameHeaders(new Headers(headers)).verdict;

describe('analyseFrameHeaders', () => {
  it('allows a page that sends neither header', () => {
    expect(verdict({ 'content-type': 'text/html' })).toBe('allowed');
  });

  it('reads X-Frame-Options in any case', () => {
    expect(verdict({ 'x-frame-options': 'DENY' })).toBe('denied');
    expect(verdict({ 'x-frame-options': 'sameorigin' })).toBe('same-origin-only');
    // Current browsers ignore ALLOW-FROM, so it stops nothing.
    expect(verdict({ 'x-frame-options': 'ALLOW-FROM https://portal.example' })).toBe('allowed');
  });

  it('lets CSP frame-ancestors decide over X-Frame-Options', () => {
    expect(verdict({ 'x-frame-options': 'DENY', 'content-security-policy': 'frame-ancestors *' })).toBe('allowed');
    expect(verdict({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" })).toBe('denied');
    expect(verdict({ 'content-security-policy': 'frame-ancestors' })).toBe('denied');
    expect(verdict({ 'content-security-policy': "frame-ancestors 'self'" })).toBe('same-origin-only');
    expect(verdict({ 'content-security-policy': 'frame-ancestors https://school.example' })).toBe('same-origin-only');
  });

  it('ignores a CSP without frame-ancestors', () => {
    expect(verdict({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'SAMEORIGIN' })).toBe('same-origin-only');
    expect(verdict({ 'content-security-policy': "script-src 'self'" })).toBe('allowed');
  });

  it('takes node:http style header records too, and names the deciding header', () => {
    const analysis = analyseFrameHeaders({ 'X-Frame-Options': 'deny' });
    expect(analysis.verdict).toBe('denied');
    expect(analysis.reason).toContain('X-Frame-Options');
  });
});
