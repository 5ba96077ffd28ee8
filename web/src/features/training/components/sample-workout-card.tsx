import { Timer } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Workout } from '../api/types';

/** Home: the Sample HYROX Workout card listing the first workout's exercises (name and reps). */
export function SampleWorkoutCard({ workout }: { workout: Workout }) {
  return (
    <Card data-testid="sample-workout" className="border-2 border-primary">
      <CardHeader>
        <p className="text-sm font-bold tracking-widest text-accent-text uppercase">Sample HYROX Workout</p>
        <CardTitle>{workout.name}</CardTitle>
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Timer className="h-4 w-4" aria-hidden="true" /> Target time: {workout.targetTime} minutes
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {workout.exercises.map((ex, i) => (
            <li key={i} className="flex items-baseline justify-between gap-4 py-2 text-sm">
              <span className="font-medium">{ex.name}</span>
              <span className="text-right text-muted-foreground">{ex.reps}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
