import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/app/paths';
import { errorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { useNutritionProfile } from '../api/get-nutrition-profile';
import { DayEntries } from '../components/day-entries';
import { SavedMealsCard } from '../components/saved-meals-card';
import { WaterCard } from '../components/water-card';
import { MicrosCard } from '../components/micros-card';
import { DayNav } from '../components/day-nav';
import { FOOD_SEARCH_ID, FoodSearch } from '../components/food-search';
import { MealPlanCards } from '../components/meal-plan-cards';
import { NutritionDashboard, NutritionDashboardSkeleton } from '../components/nutrition-dashboard';
import { HistoryCard } from '../components/history-card';
import { HydrationAndSupplements, NutritionGuidelines } from '../components/nutrition-guides';
import { PlanCard } from '../components/plan-card';
import { dayLabel, parseISODay, todayISO } from '../lib/dates';
import { dashboardTargets } from '../lib/day-targets';
import { deferred } from '@/lib/deferred';

// The targets form, with the form kit, loads apart from the page (lib/deferred.tsx).
const ProfileForm = deferred(() => import('../components/profile-form').then((m) => ({ default: m.ProfileForm })));

export const NO_PROFILE_TEXT = 'No nutrition profile found. Create one to start tracking.';

/** The day in ?date=YYYY-MM-DD, else today (local). Future days fall back to today. */
function useDay(): [string, (d: string) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = todayISO();
  const raw = new URLSearchParams(search).get('date');
  const date = raw && parseISODay(raw) && raw <= today ? raw : today;
  const setDate = (d: string) => navigate(d === today ? paths.nutrition : `${paths.nutrition}?date=${d}`);
  return [date, setDate];
}

function Dashboard({ userId, date }: { userId: number; date: string }) {
  const profile = useNutritionProfile(userId, date);
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <NutritionDashboardSkeleton />;
  if (profile.isError) {
    return (
      <p role="alert" className="rounded-xl border border-destructive p-4 text-red-700 dark:text-red-400">
        {errorMessage(profile.error)}
      </p>
    );
  }
  if (profile.data === null) {
    return (
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-bold">Daily Nutrition Dashboard</h2>
          <p className="text-muted-foreground" data-testid="no-profile">
            {NO_PROFILE_TEXT}
          </p>
        </CardHeader>
        <CardContent>
          <ProfileForm userId={userId} date={date} />
        </CardContent>
      </Card>
    );
  }
  const p = profile.data;
  // The day's targets come with the profile: the same figure the history and the plan show.
  const { figures, note } = dashboardTargets(p, date === todayISO());
  if (editing) {
    return (
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-bold">Edit your targets</h2>
        </CardHeader>
        <CardContent>
          <ProfileForm userId={userId} date={date} initial={p} submitLabel="Save Targets" onDone={() => setEditing(false)} />
        </CardContent>
      </Card>
    );
  }
  return (
    <NutritionDashboard
      figures={figures}
      description={
        note ? (
          <>
            {dayLabel(date)} · <span data-testid="dashboard-targets-note">{note}</span>
          </>
        ) : (
          dayLabel(date)
        )
      }
      actions={
        <>
          {/* One way to log (docs/nutrition-foods.md#one-way-to-log): the food search. */}
          <Button
            onClick={() => {
              const search = document.getElementById(FOOD_SEARCH_ID);
              search?.scrollIntoView({ block: 'center' });
              search?.focus();
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Log Food
          </Button>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit targets
          </Button>
        </>
      }
    />
  );
}

/** The guideline box, from the athlete's own targets once set. */
/** The day's plan needs targets: without a profile there is nothing to plan (and nothing to ask). */
function DayPlanCard({ userId, date }: { userId: number; date: string }) {
  const profile = useNutritionProfile(userId, date);
  return profile.data ? <PlanCard date={date} /> : null;
}

function Guidelines({ userId, date }: { userId?: number; date: string }) {
  const profile = useNutritionProfile(userId, date);
  return <NutritionGuidelines targets={profile.data ?? null} />;
}

export default function NutritionPage() {
  const { data: user } = useSessionUser();
  const [date, setDate] = useDay();

  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">HYROX Nutrition Tracking</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Fuel eight runs and eight stations: track your calories and macros against targets built for your training.
        </p>
      </header>

      <section aria-label="Your day" className="space-y-4">
        <DayNav date={date} onChange={setDate} />
        {user && (
          <>
            <Dashboard userId={user.id} date={date} />
            <FoodSearch date={date} />
            <DayEntries date={date} />
            <SavedMealsCard date={date} />
            <WaterCard date={date} />
            <MicrosCard date={date} />
            <DayPlanCard key={date} userId={user.id} date={date} />
            <HistoryCard date={date} />
          </>
        )}
      </section>

      <section aria-labelledby="guidelines-heading" className="grid gap-4">
        <h2 id="guidelines-heading" className="sr-only">
          Guidelines
        </h2>
        <Guidelines userId={user?.id} date={date} />
      </section>

      <section aria-labelledby="meal-planning-heading" className="space-y-4">
        <h2 id="meal-planning-heading" className="text-2xl font-bold">
          Meal Planning
        </h2>
        <MealPlanCards />
      </section>

      <HydrationAndSupplements />
    </div>
  );
}
