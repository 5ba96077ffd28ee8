import { describe, expect, it } from 'vitest';
import { formatDistance, formatLoad, loadFromKg, loadToKg } from './units';

describe('units', () => {
  it('shows loads in kg or lb', () => {
    expect(formatLoad(24, 'metric')).toBe('24 kg');
    expect(formatLoad(24, 'imperial')).toBe('52.9 lb');
    expect(formatLoad(152, 'imperial')).toBe('335.1 lb');
  });

  it('keeps a load typed in lb to the gram and shows it back as typed', () => {
    const kg = loadToKg(135, 'imperial');
    expect(kg).toBe(61.235);
    expect(loadFromKg(kg, 'imperial')).toBe(135);
    expect(loadToKg(60, 'metric')).toBe(60);
  });

  it('shows a kilometre or more in miles in imperial, station distances in metres', () => {
    expect(formatDistance(5000, 'metric')).toBe('5 km');
    expect(formatDistance(1250, 'metric')).toBe('1250 m');
    expect(formatDistance(5000, 'imperial')).toBe('3.11 mi');
    expect(formatDistance(1000, 'imperial')).toBe('0.62 mi');
    expect(formatDistance(50, 'imperial')).toBe('50 m');
  });
});
