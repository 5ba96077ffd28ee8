import { useState } from 'react';
import { CalendarClock, Video } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';
import {
  formatDay,
  formatTime,
  groupByDay,
  useBook,
  useCancelSession,
  useSessions,
  useSetLink,
  useSlots,
  type Session,
  type Sessions,
} from '../api/sessions';
import { bookingSchema, meetingLinkSchema, type BookingValues, type MeetingLinkValues } from '../schemas';

function LinkForm({ session }: { session: Session }) {
  const { form, formError, submit } = useApiForm<MeetingLinkValues>({ schema: meetingLinkSchema, defaultValues: { url: session.meetingLink } });
  const [open, setOpen] = useState(false);
  const save = useSetLink(session.id);
  const onSubmit = submit(async ({ url }) => {
    await save.mutateAsync(url);
    setOpen(false);
    toast({ title: 'Meeting link saved', description: 'Your athlete gets the updated invitation by e-mail.' });
  });
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {session.meetingLink ? 'Change meeting link' : 'Add meeting link'}
      </Button>
    );
  }
  return (
    <form onSubmit={onSubmit} className="flex w-full flex-wrap items-end gap-2">
      <InputField
        label="Meeting link"
        inputMode="url"
        placeholder="https://"
        {...form.register('url')}
        error={form.formState.errors.url?.message ?? formError}
        className="min-w-0 flex-1"
      />
      <Button type="submit" size="sm" disabled={save.isPending}>
        Save link
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Close
      </Button>
    </form>
  );
}

/** A session the end of the coaching cancelled: shown until its start with the reason (docs/coaching.md#when-the-coaching-ends). */
function CancelledItem({ session, label, withWhom, zone }: { session: Session; label: string; withWhom: string; zone: string }) {
  return (
    <li className="rounded-xl border border-dashed border-border bg-card p-4">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="text-muted-foreground line-through">{label}</span>
        <Badge variant="warning">Cancelled</Badge>
      </p>
      <p className="text-sm text-muted-foreground">
        {session.minutes} minutes with {withWhom} · {zone}
      </p>
      <p className="mt-1 text-sm">{session.cancelReason}</p>
    </li>
  );
}

function SessionItem({ session, viewerId }: { session: Session; viewerId: number }) {
  const cancel = useCancelSession();
  const isCoach = viewerId === session.coachId;
  const zone = timeZone();
  const withWhom = isCoach ? session.athleteUsername : session.coachName;
  const label = `${formatDay(session.start, zone)}, ${formatTime(session.start, zone)}-${formatTime(session.end, zone)}`;
  const noteId = `session-${session.id}-note`;
  if (session.cancelled) return <CancelledItem session={session} label={label} withWhom={withWhom} zone={zone} />;
  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{label}</p>
          <p className="text-sm text-muted-foreground">
            {session.minutes} minutes with {withWhom} · {zone}
          </p>
          {session.meetingLink ? (
            <a href={session.meetingLink} target="_blank" rel="noreferrer noopener" className="mt-1 inline-flex items-center gap-1 text-sm break-all underline">
              <Video className="h-4 w-4 shrink-0" aria-hidden="true" /> Join the meeting
            </a>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">{isCoach ? 'No meeting link yet.' : 'Your coach will add the meeting link.'}</p>
          )}
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={!session.canCancel || cancel.isPending}
          aria-describedby={session.canCancel ? undefined : noteId}
          onClick={() =>
            cancel.mutate(session.id, { onSuccess: () => toast({ title: 'Session cancelled', description: 'Both of you get an e-mail.' }) })
          }
        >
          Cancel session
        </Button>
      </div>
      {!session.canCancel && (
        <p id={noteId} className="mt-2 text-sm text-muted-foreground">
          {session.cancelNote}
        </p>
      )}
      <FormError message={cancel.isError ? errorMessage(cancel.error) : null} />
      {isCoach && (
        <div className="mt-3">
          <LinkForm session={session} />
        </div>
      )}
    </li>
  );
}

function UpcomingList({ data, viewerId, empty }: { data: Sessions; viewerId: number; empty: string }) {
  if (data.sessions.length === 0) return <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label="Upcoming sessions">
      {data.sessions.map((s) => (
        <SessionItem key={s.id} session={s} viewerId={viewerId} />
      ))}
    </ul>
  );
}

/** A coach's upcoming 1:1 sessions with their athletes (docs/coaching.md#11-sessions). */
export function CoachSessions({ viewerId }: { viewerId: number }) {
  const sessions = useSessions();
  return (
    <section className="mt-10" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="mb-4 flex items-center gap-2 text-xl font-bold">
        <CalendarClock className="h-5 w-5" aria-hidden="true" /> Upcoming sessions
      </h2>
      <QueryState query={sessions}>{(data) => <UpcomingList data={data} viewerId={viewerId} empty="No sessions booked yet." />}</QueryState>
    </section>
  );
}

function BookForm({ coachId, left }: { coachId: number; left: number }) {
  // start is the picked free time ('' until one is picked); the day only narrows the times shown.
  const { form, formError, submit } = useApiForm<BookingValues>({ schema: bookingSchema, defaultValues: { start: '', minutes: 30 } });
  const { errors } = form.formState;
  const [day, setDay] = useState('');
  const minutes = form.watch('minutes');
  const picked = form.watch('start');
  const setPicked = (start: string) => form.setValue('start', start);
  const slots = useSlots(minutes);
  const book = useBook();
  const zone = timeZone();
  const days = slots.data ? groupByDay(slots.data.slots, zone) : [];
  const current = days.find((d) => d.date === day) ?? days[0];
  const onSubmit = submit(async ({ start, minutes }) => {
    if (!start) return;
    const s = await book.mutateAsync({ coachId, start, minutes });
    setPicked('');
    toast({ title: 'Session booked', description: `${formatDay(s.start, zone)}, ${formatTime(s.start, zone)}. The invitation is in your e-mail.` });
  });
  return (
    <form onSubmit={onSubmit} className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Length</legend>
        <div className="flex gap-2">
          {[30, 60].map((m) => (
            <Button
              key={m}
              size="sm"
              variant={minutes === m ? 'secondary' : 'outline'}
              aria-pressed={minutes === m}
              onClick={() => {
                form.setValue('minutes', m);
                setPicked('');
              }}
            >
              {m} minutes
            </Button>
          ))}
        </div>
      </fieldset>
      {slots.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : slots.isError ? (
        <FormError message={errorMessage(slots.error)} />
      ) : days.length === 0 ? (
        <p className="text-muted-foreground">Your coach has no free times in the next four weeks.</p>
      ) : (
        <>
          <FormField label="Day">
            {(control) => (
              <Select
                {...control}
                value={current?.date ?? ''}
                onChange={(e) => {
                  setDay(e.target.value);
                  setPicked('');
                }}
              >
                {days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {d.label} ({d.slots.length} free)
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Free times ({zone})</legend>
            <div className="flex flex-wrap gap-2">
              {current?.slots.map((s) => (
                <Button key={s} size="sm" variant={picked === s ? 'secondary' : 'outline'} aria-pressed={picked === s} onClick={() => setPicked(s)}>
                  {formatTime(s, zone)}
                </Button>
              ))}
            </div>
          </fieldset>
        </>
      )}
      <FormError message={errors.start?.message ?? errors.minutes?.message ?? formError} />
      <div>
        <Button type="submit" disabled={!picked || book.isPending}>
          {picked ? `Book ${formatTime(picked, zone)} (${minutes} minutes)` : 'Pick a time'}
        </Button>
        {left === 0 && <p className="mt-2 text-sm text-muted-foreground">You have booked both sessions included this month; times in a later month can still be booked.</p>}
      </div>
    </form>
  );
}

/**
 * An athlete without a current coach (or below elite) who still has sessions in the list: those the
 * end of the coaching cancelled, with the reason. Nothing at all when the list is empty.
 */
export function FormerSessions({ viewerId }: { viewerId: number }) {
  const sessions = useSessions();
  if (!sessions.data || sessions.data.sessions.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="former-sessions-heading">
      <h2 id="former-sessions-heading" className="mb-4 flex items-center gap-2 text-xl font-bold">
        <CalendarClock className="h-5 w-5" aria-hidden="true" /> Your sessions
      </h2>
      <UpcomingList data={sessions.data} viewerId={viewerId} empty="" />
    </section>
  );
}

/** An elite athlete's sessions with their coach: book one, see and cancel the upcoming ones. */
export function AthleteSessions({ coachId, coachName, viewerId }: { coachId: number; coachName: string; viewerId: number }) {
  const sessions = useSessions();
  const credits = sessions.data?.credits;
  return (
    <section className="mt-10" aria-labelledby="book-heading">
      <h2 id="book-heading" className="mb-2 flex items-center gap-2 text-xl font-bold">
        <CalendarClock className="h-5 w-5" aria-hidden="true" /> Book a session
      </h2>
      <p className="mb-4 text-muted-foreground">
        A 30- or 60-minute video call with {coachName}. Times are shown in your time zone.{' '}
        {credits && (
          <Badge variant={credits.left > 0 ? 'success' : 'warning'}>
            {credits.left} of {credits.limit} sessions left this month
          </Badge>
        )}
      </p>
      <BookForm coachId={coachId} left={credits?.left ?? 0} />
      <h3 className="mt-8 mb-3 text-lg font-bold">Your upcoming sessions</h3>
      <QueryState query={sessions}>{(data) => <UpcomingList data={data} viewerId={viewerId} empty="No sessions booked yet." />}</QueryState>
    </section>
  );
}
