import { describe, expect, it } from 'vitest';
import { targetGuidelines } from './nutrition-guides';

describe('targetGuidelines', () => {
  it('reads the athlete’s own targets, never the general figures', () => {
    const lines = targetGuidelines({ dailyCalories: 3100, proteinTarget: 180, carbsTarget: 420, fatTarget: 90 });
    expect(lines[0]).toContain('3,100 kcal');
    expect(lines[1]).toContain('180 g');
    expect(lines[2]).toContain('420 g');
    expect(lines[3]).toContain('90 g');
    expect(lines.join(' ')).not.toMatch(/2500-2600|160-170/);
  });
});
