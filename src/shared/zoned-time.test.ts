import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_TIME_ZONE } from './company-time.ts';
import { wallTimeToInstant } from './zoned-time.ts';

const inNewYork = (day: string, time: string) =>
  wallTimeToInstant(day, time, DEFAULT_COMPANY_TIME_ZONE).toISOString();

const minutesOfHour = (hour: string) =>
  Array.from({ length: 60 }, (_, minute) => `${hour}:${String(minute).padStart(2, '0')}`);

describe('wall time to instant in the company time zone', () => {
  it.each(['2026-03-08', '2027-03-14'])(
    'spring forward on %s: every minute of the skipped hour is 03:00 EDT, the edges are unmoved',
    (day) => {
      for (const time of minutesOfHour('02')) expect(inNewYork(day, time)).toBe(`${day}T07:00:00.000Z`);
      expect(inNewYork(day, '01:30')).toBe(`${day}T06:30:00.000Z`);
      expect(inNewYork(day, '01:59')).toBe(`${day}T06:59:00.000Z`);
      expect(inNewYork(day, '03:00')).toBe(`${day}T07:00:00.000Z`);
      expect(inNewYork(day, '03:30')).toBe(`${day}T07:30:00.000Z`);
    },
  );

  it.each(['2026-11-01', '2027-11-07'])(
    'fall back on %s: the repeated hour is its first showing (EDT), the hour after is EST',
    (day) => {
      expect(inNewYork(day, '00:59')).toBe(`${day}T04:59:00.000Z`);
      expect(inNewYork(day, '01:00')).toBe(`${day}T05:00:00.000Z`);
      expect(inNewYork(day, '01:30')).toBe(`${day}T05:30:00.000Z`);
      expect(inNewYork(day, '01:59')).toBe(`${day}T05:59:00.000Z`);
      expect(inNewYork(day, '02:00')).toBe(`${day}T07:00:00.000Z`);
      expect(inNewYork(day, '02:30')).toBe(`${day}T07:30:00.000Z`);
    },
  );

  it('ordinary nights: EDT in summer, EST in winter, midnight and the last minute of the day', () => {
    expect(inNewYork('2026-06-16', '02:30')).toBe('2026-06-16T06:30:00.000Z');
    expect(inNewYork('2026-01-10', '02:30')).toBe('2026-01-10T07:30:00.000Z');
    expect(inNewYork('2026-06-16', '00:00')).toBe('2026-06-16T04:00:00.000Z');
    expect(inNewYork('2026-12-31', '23:59')).toBe('2027-01-01T04:59:00.000Z');
  });

  it('follows the zone it is given, including a change of half an hour', () => {
    // London springs forward at 01:00 GMT to 02:00 BST.
    expect(wallTimeToInstant('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // Lord Howe Island moves from +10:30 to +11:00 at 02:00, so the first minute after the gap is 02:30.
    expect(wallTimeToInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:30:00.000Z',
    );
  });
});
