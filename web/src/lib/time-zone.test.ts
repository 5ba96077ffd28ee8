import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberTimeZone, resetTimeZoneForTest, timeZone, TIME_ZONE_COOKIE } from './time-zone';

const intlZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const keep = (zone: string) => (document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/`);

describe('time zone', () => {
  beforeEach(() => {
    for (const name of [TIME_ZONE_COOKIE, 'hyrox_tz_offset']) document.cookie = `${name}=; max-age=0; path=/`;
    resetTimeZoneForTest();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks Intl on a first start and keeps the zone for the server', () => {
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(timeZone()).toBe(intlZone);
    rememberTimeZone();
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(intlZone)}`);
    expect(intl).toHaveBeenCalled();
  });

  it('takes the kept zone without Intl while the UTC offset is the one it was kept with', () => {
    rememberTimeZone();
    keep('Europe/Berlin');
    resetTimeZoneForTest(); // the next start
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(timeZone()).toBe('Europe/Berlin');
    rememberTimeZone();
    expect(timeZone()).toBe('Europe/Berlin');
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent('Europe/Berlin')}`);
    expect(intl).not.toHaveBeenCalled();
  });

  it('reads the zone anew once the page is shown when the UTC offset moved', () => {
    rememberTimeZone();
    keep('Europe/Berlin');
    resetTimeZoneForTest();
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(new Date().getTimezoneOffset() + 60);
    expect(timeZone()).toBe('Europe/Berlin'); // the page renders with what the server used
    rememberTimeZone();
    expect(timeZone()).toBe(intlZone);
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(intlZone)}`);
  });

  it('reads the zone anew when no offset was kept (an older app)', () => {
    keep('Europe/Berlin');
    rememberTimeZone();
    expect(timeZone()).toBe(intlZone);
  });
});
