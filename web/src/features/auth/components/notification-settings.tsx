import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  currentSubscription,
  useNotificationSettings,
  useSwitchNotification,
  useTurnOffPush,
  useTurnOnPush,
} from '../api/notifications';

/**
 * The profile's Notifications settings (docs/notifications.md): a switch per
 * kind, and push on this browser. Without push the reminders come by e-mail.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const switchKind = useSwitchNotification();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  // What the athlete just switched, shown until the server answers: set in the
  // click itself, so the box never flips back for a render (the mutation's own
  // pending state arrives a moment later).
  const [switching, setSwitching] = useState<Partial<Record<string, boolean>>>({});
  const [sub, setSub] = useState<PushSubscription | null>(null);
  useEffect(() => {
    void currentSubscription().then(setSub);
  }, [turnOn.isSuccess, turnOff.isSuccess]);

  if (settings.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (settings.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(settings.error, 'Could not load your notification settings.')}</p>;
  const s = settings.data;

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Tell me about</legend>
        {s.kinds.map((k) => {
          const pending = switching[k.kind] !== undefined;
          const checked = switching[k.kind] ?? k.enabled;
          return (
            <label key={k.kind} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-primary"
                checked={checked}
                disabled={k.always || pending}
                onChange={(e) => {
                  const on = e.target.checked;
                  setSwitching((now) => ({ ...now, [k.kind]: on }));
                  switchKind.mutate(
                    { kind: k.kind, on },
                    {
                      onSettled: () =>
                        setSwitching((now) => {
                          const rest = { ...now };
                          delete rest[k.kind];
                          return rest;
                        }),
                    },
                  );
                }}
              />
              <span>
                {k.label}
                {k.always && <span className="block text-xs text-muted-foreground">Always sent, by e-mail at least.</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="grid gap-2 text-sm">
        <p className="text-muted-foreground">
          {s.devices === 0
            ? 'Push is off on all your browsers: reminders come by e-mail.'
            : `Push is on for ${s.devices} ${s.devices === 1 ? 'browser' : 'browsers'}.`}
        </p>
        <div>
          {sub ? (
            <Button variant="outline" disabled={turnOff.isPending} onClick={() => turnOff.mutate(sub)}>
              Turn off push in this browser
            </Button>
          ) : (
            <Button disabled={turnOn.isPending} onClick={() => turnOn.mutate(s.publicKey)}>
              Turn on push in this browser
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
