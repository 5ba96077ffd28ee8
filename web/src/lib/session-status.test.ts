import { describe, expect, it } from 'vitest';
import { shownStatus } from './session-status';

describe('shownStatus', () => {
  it('shows a planned session of a past day as missed, and leaves the rest as they are', () => {
    expect(shownStatus({ status: 'planned', date: '2026-11-23' }, '2026-11-25')).toBe('missed');
    expect(shownStatus({ status: 'planned', date: '2026-11-25' }, '2026-11-25')).toBe('planned');
    expect(shownStatus({ status: 'planned', date: '2026-11-26' }, '2026-11-25')).toBe('planned');
    expect(shownStatus({ status: 'done', date: '2026-11-23' }, '2026-11-25')).toBe('done');
    expect(shownStatus({ status: 'skipped', date: '2026-11-23' }, '2026-11-25')).toBe('skipped');
  });
});
