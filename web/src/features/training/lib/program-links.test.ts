import { describe, expect, it } from 'vitest';
import type { Program } from '../api/programs';
import { athleteParam, athleteProgramsPath, coachWritten, programNewPath } from './program-links';

const program = (authorId: number | null, athleteId: number | null) => ({ authorId, athleteId }) as Program;

describe('program links', () => {
  it('reads ?athlete= as a positive whole number only', () => {
    expect(athleteParam('athlete=42')).toBe(42);
    expect(athleteParam('?athlete=7&x=1')).toBe(7);
    expect(athleteParam('')).toBeUndefined();
    expect(athleteParam('athlete=0')).toBeUndefined();
    expect(athleteParam('athlete=-3')).toBeUndefined();
    expect(athleteParam('athlete=1.5')).toBeUndefined();
    expect(athleteParam('athlete=abc')).toBeUndefined();
  });
  it('builds the coach addresses', () => {
    expect(programNewPath()).toBe('/programs/new');
    expect(programNewPath(9)).toBe('/programs/new?athlete=9');
    expect(athleteProgramsPath(9)).toBe('/programs?athlete=9');
  });
  it('tells a coach-written program from an own one', () => {
    expect(coachWritten(program(2, 3))).toBe(true);
    expect(coachWritten(program(3, 3))).toBe(false);
    expect(coachWritten(program(null, null))).toBe(false);
  });
});
