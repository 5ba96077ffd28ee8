import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { PersonalRecord, SessionExercise, TrainingLoad } from '../api/types';
import { WeekBars } from './load-panel';
import { LogExerciseTable } from './log-exercise-table';

type Week = TrainingLoad['weeks'][number];
const week = (weekStart: string, compliance: number | null, load = 0): Week => ({
  weekStart,
  minutes: 0,
  load,
  sessions: 0,
  planned: compliance == null ? 0 : 4,
  done: compliance == null ? 0 : Math.round(compliance * 4),
  compliance,
});

const heights = (chart: HTMLElement) => [...chart.querySelectorAll<HTMLElement>('[data-value]')].map((b) => b.style.height);

describe('WeekBars', () => {
  it('draws a 50 % compliance week as half a bar on a 0-100 % scale, with the scale written out', () => {
    render(
      <WeekBars
        weeks={[week('2026-02-23', null), week('2026-03-02', 0.5)]}
        value={(w) => (w.compliance == null ? null : Math.round(w.compliance * 100))}
        label="Compliance per week"
        unit="%"
        max={100}
        testId="compliance-chart"
      />,
    );
    const chart = screen.getByTestId('compliance-chart');
    expect(heights(chart)[1]).toBe('50%');
    expect(chart).toHaveAccessibleName(/scale 0 to 100%/);
    expect(chart).toHaveAccessibleName(/week of 3\/2: 50%/);
    const axis = screen.getByTestId('compliance-chart-axis');
    expect(axis).toHaveTextContent('100%');
    expect(axis).toHaveTextContent('50%');
    expect(axis).toHaveTextContent('0');
  });

  it('draws other figures against a round scale, each bar in proportion', () => {
    render(
      <WeekBars
        weeks={[week('2026-02-16', null, 300), week('2026-02-23', null, 150), week('2026-03-02', null, 0)]}
        value={(w) => w.load}
        label="Load per week"
        unit=""
        testId="load-chart"
      />,
    );
    // The largest, 300, sits on a scale of 500 (the next round number): 60 %, 30 %, 0.
    expect(heights(screen.getByTestId('load-chart'))).toEqual(['60%', '30%', '0%']);
    expect(screen.getByTestId('load-chart-axis')).toHaveTextContent('500');
  });
});

describe('LogExerciseTable', () => {
  it('puts the PR badge on the one line the server names, not on every row of that exercise', () => {
    const runs: SessionExercise[] = [300, 299, 280, 301, 310, 320, 330, 335].map((t) => ({ exercise: 'Run', distanceM: 1000, timeS: t }));
    const rec: PersonalRecord = {
      key: 'time|run|1000 m',
      kind: 'time',
      exercise: 'Run',
      measure: '1000 m',
      value: 280,
      logId: 2,
      workoutName: 'Sim',
      achievedAt: '2026-03-01T10:00:00Z',
      line: 2,
    };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LogExerciseTable exercises={runs} records={[rec]} />
      </QueryClientProvider>,
    );
    const badges = screen.getAllByTestId('pr-badge');
    expect(badges).toHaveLength(1);
    expect(badges[0].closest('tr')).toHaveTextContent('4:40');
  });
});
