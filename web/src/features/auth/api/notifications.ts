import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';
import type { components } from '@/lib/api-types';
import { toast } from '@/components/ui/use-toast';

export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationKind = NotificationSettings['kinds'][number]['kind'];

const KEY = ['/api/notifications'] as const;

export function useNotificationSettings() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiFetch<NotificationSettings>('/api/notifications', { signal }) });
}

/** PUT /api/notifications: switch one kind, with this browser's zone. */
export function useSwitchNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) =>
      apiFetch<NotificationSettings>('/api/notifications', { method: 'PUT', body: { kinds: { [kind]: on }, timeZone: timeZone() } }),
    onSuccess: (s) => qc.setQueryData(KEY, s),
    onError: (err) => toast({ title: 'Not saved', description: errorMessage(err, 'Failed to save the setting'), variant: 'destructive' }),
  });
}

/** The service worker's registration, or a clear error when the app has none yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    throw new Error('This browser cannot receive push notifications.');
  }
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('The app is still getting ready for notifications. Reload the page and try again.')), 5000),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    return await (await registration()).pushManager.getSubscription();
  } catch {
    return null;
  }
}

/** Asks for permission, subscribes this browser and tells the server. */
export function useTurnOnPush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const reg = await registration();
      if ((await Notification.requestPermission()) !== 'granted') {
        throw new Error('Notifications are blocked for this site: allow them in your browser settings, then try again.');
      }
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      return apiFetch<NotificationSettings>('/api/push/subscriptions', { method: 'POST', body: sub.toJSON() });
    },
    onSuccess: (s) => {
      qc.setQueryData(KEY, s);
      toast({ title: 'Push is on', description: 'This browser will show your notifications.' });
    },
    onError: (err) => toast({ title: 'Push not turned on', description: errorMessage(err, 'Failed to turn on push'), variant: 'destructive' }),
  });
}

/** Unsubscribes this browser, here and on the server. */
export function useTurnOffPush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (sub: PushSubscription) => {
      const out = await apiFetch<NotificationSettings>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: sub.endpoint } });
      await sub.unsubscribe();
      return out;
    },
    onSuccess: (s) => qc.setQueryData(KEY, s),
    onError: (err) => toast({ title: 'Push not turned off', description: errorMessage(err, 'Failed to turn off push'), variant: 'destructive' }),
  });
}
