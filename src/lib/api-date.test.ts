import { describe, expect, it } from 'vitest';
import { parseApiDate } from './api-date';

describe('parseApiDate', () => {
  it.each([
    ['2026-03-04T12:00:00.000Z', '2026-03-04T12:00:00.000Z'],
    ['2026-03-04T12:00:00Z', '2026-03-04T12:00:00.000Z'],
    ['2026-03-04T14:00:00+02:00', '2026-03-04T12:00:00.000Z'],
    ['2026-03-04', '2026-03-04T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('reads %s', (text, iso) => expect(parseApiDate(text)?.toISOString()).toBe(iso));

  it.each([
    'not a date',
    '',
    '12',
    '2026-13-01T00:00:00Z',
    '2026-02-30T10:00:00Z',
    '2025-02-29',
    '2026-03-04T24:00:00Z',
    '2026-03-04T12:60:00Z',
    'Mon, 04 Mar 2026 12:00:00 GMT',
    '2026-03-04T12:00:00Z<script>',
    '__proto__',
  ])('refuses %j', (text) => expect(parseApiDate(text)).toBeNull());

  it.each([null, undefined, 1772625600000, {}, ['2026-03-04']])('refuses what is not text: %j', (value) =>
    expect(parseApiDate(value)).toBeNull(),
  );
});
