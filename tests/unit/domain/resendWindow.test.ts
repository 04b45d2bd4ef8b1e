import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayResend, RESEND_WINDOW_DAYS } from '../../../src/domain/resendWindow.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);

describe('mayResend', () => {
  it('sends an item never sent, however old', () => {
    expect(mayResend({ attempts: 0, createdAt: NOW - 400 * DAY }, NOW)).toBe(true);
  });

  it('sends again an item sent before until 28 days after it was queued, not at 28 days', () => {
    expect(RESEND_WINDOW_DAYS).toBe(28);
    expect(mayResend({ attempts: 1, createdAt: NOW - 28 * DAY + 1 }, NOW)).toBe(true);
    expect(mayResend({ attempts: 1, createdAt: NOW - 28 * DAY }, NOW)).toBe(false);
    expect(mayResend({ attempts: 7, createdAt: NOW - 90 * DAY }, NOW)).toBe(false);
  });

  it('sends an item stamped ahead of the clock (a clock set back since)', () => {
    expect(mayResend({ attempts: 3, createdAt: NOW + 5 * DAY }, NOW)).toBe(true);
  });

  it('stays inside the days the server keeps an id, with a week to spare for the clock', () => {
    const sweep = readFileSync(new URL('../../../supabase/schemas/app_private/functions/sweep_old_rows.sql', import.meta.url), 'utf8');
    const kept = /from public\.client_mutations where created_at < now\(\) - interval '(\d+) days'/.exec(sweep);
    expect(kept, 'the sweep of public.client_mutations').not.toBeNull();
    expect(Number(kept?.[1]) - RESEND_WINDOW_DAYS).toBeGreaterThanOrEqual(7);
  });
});
