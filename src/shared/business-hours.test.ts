import { describe, expect, it } from 'vitest';
import { defaultSettings } from './site-defaults.ts';
import { hoursToday, isOpenAt } from './business-hours.ts';

describe('isOpenAt', () => {
  const hours = defaultSettings.businessHours;
  it("reads the owner's hours in the company's time zone", () => {
    // Tuesday 2026-12-01: 07:59 and 18:00 closed, 08:00 and 17:59 open (EST, UTC-5).
    expect(isOpenAt(hours, new Date('2026-12-01T12:59:00Z'))).toBe(false);
    expect(isOpenAt(hours, new Date('2026-12-01T13:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, new Date('2026-12-01T22:59:00Z'))).toBe(true);
    expect(isOpenAt(hours, new Date('2026-12-01T23:00:00Z'))).toBe(false);
    // Sunday is Closed; Saturday 9 to 4.
    expect(isOpenAt(hours, new Date('2026-12-06T15:00:00Z'))).toBe(false);
    expect(hoursToday(hours, new Date('2026-12-05T15:00:00Z'))).toBe('9:00 AM - 4:00 PM');
    // Summer time: 08:00 EDT is 12:00 UTC.
    expect(isOpenAt(hours, new Date('2026-07-07T12:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, new Date('2026-07-07T11:59:00Z'))).toBe(false);
  });
  it('says nothing of hours it cannot read', () => {
    expect(isOpenAt({ ...hours, tuesday: 'By appointment' }, new Date('2026-12-01T15:00:00Z'))).toBeNull();
  });
});
