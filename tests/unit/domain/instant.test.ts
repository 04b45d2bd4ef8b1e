import { afterEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../../src/domain/instant.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('parseInstant', () => {
  it.each([
    ['date only (UTC midnight)', '2025-10-01', '2025-10-01T00:00:00.000Z'],
    ['UTC with Z', '2025-10-01T12:34:56Z', '2025-10-01T12:34:56.000Z'],
    ['lower-case t and z (RFC 3339 allows them)', '2025-10-01t12:34:56z', '2025-10-01T12:34:56.000Z'],
    ['PostgREST timestamptz', '2025-10-01T12:34:56.789123+00:00', '2025-10-01T12:34:56.789Z'],
    ['positive offset', '2025-10-01T02:00:00+02:00', '2025-10-01T00:00:00.000Z'],
    ['negative offset', '2025-09-30T20:00:00-04:00', '2025-10-01T00:00:00.000Z'],
    ['half-hour offset', '2025-10-01T05:30:00+05:30', '2025-10-01T00:00:00.000Z'],
    ['offset without colon', '2025-10-01T05:30:00+0530', '2025-10-01T00:00:00.000Z'],
    ['hour-only offset (Postgres text)', '2025-10-01 02:00:00+02', '2025-10-01T00:00:00.000Z'],
    ['space separator', '2025-10-01 12:00:00Z', '2025-10-01T12:00:00.000Z'],
    ['minutes only', '2025-10-01T12:00', '2025-10-01T12:00:00.000Z'],
    ['one fraction digit', '2025-10-01T12:00:00.5Z', '2025-10-01T12:00:00.500Z'],
    ['surrounding spaces', '  2025-10-01  ', '2025-10-01T00:00:00.000Z'],
    ['leap day 2028', '2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['leap day 2000', '2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['offset crossing into the previous year', '2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
    ['two-digit year stays literal', '0099-12-31', '0099-12-31T00:00:00.000Z'],
  ])('%s', (_label, text, iso) => {
    expect(new Date(parseInstant(text)).toISOString()).toBe(iso);
  });

  it.each([
    ['garbage', 'soon'],
    ['empty', ''],
    ['month 13', '2025-13-01'],
    ['month 0', '2025-00-10'],
    ['day 0', '2025-10-00'],
    ['31 November', '2025-11-31'],
    ['30 February', '2025-02-30'],
    ['29 February 2027', '2027-02-29'],
    ['29 February 2100 (not a leap year)', '2100-02-29'],
    ['hour 24', '2025-10-01T24:00:00Z'],
    ['minute 60', '2025-10-01T12:60:00Z'],
    ['second 60', '2025-10-01T12:00:60Z'],
    ['offset hour 24', '2025-10-01T12:00:00+24:00'],
    ['a US date', '10/01/2025'],
    ['a long form', 'Wed Oct 01 2025'],
    ['a number as text', '1759276800000'],
  ])('refuses %s', (_label, text) => {
    expect(parseInstant(text)).toBeNaN();
  });

  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'])('zone-less text is UTC on a device in %s', (tz) => {
    process.env.TZ = tz;
    expect(parseInstant('2025-03-09T02:30:00')).toBe(Date.UTC(2025, 2, 9, 2, 30));
    expect(parseInstant('2025-10-01')).toBe(Date.UTC(2025, 9, 1));
  });

  it('a Date passes through', () => {
    const date = new Date('2025-10-01T12:00:00Z');
    expect(parseInstant(date)).toBe(date.getTime());
    expect(parseInstant(new Date(Number.NaN))).toBeNaN();
  });
});
