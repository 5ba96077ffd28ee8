import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support';

// The browser side of push (docs/notifications.md#push): the service worker
// shows a pushed message {title, body, url, tag} as a notification carrying
// its link, a newer message of the same tag replaces the older, and a payload
// that is not JSON still shows as text. The push service itself (FCM) is out
// of reach here, so Chromium's DevTools protocol delivers the message to the
// worker as the push service would.

test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

type Shown = { title: string; body: string; tag: string; url?: string };

async function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const list = await reg.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string } | null)?.url }));
  });
}

test('a pushed message shows as a notification with its link; a newer one of the same tag replaces it', async ({
  page,
  context,
  baseURL,
}) => {
  await signUp(page);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);

  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseURL!).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = async (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });

  await push(JSON.stringify({ title: 'Alex Morgan', body: 'Nice work on the wall balls.', url: '/coaching', tag: 'thread-7' }));
  await expect.poll(() => shownNotifications(page)).toEqual([
    { title: 'Alex Morgan', body: 'Nice work on the wall balls.', tag: 'thread-7', url: '/coaching' },
  ]);

  await push(JSON.stringify({ title: 'Alex Morgan', body: 'And the sleds too.', url: '/coaching', tag: 'thread-7' }));
  await expect.poll(() => shownNotifications(page)).toEqual([
    { title: 'Alex Morgan', body: 'And the sleds too.', tag: 'thread-7', url: '/coaching' },
  ]);

  // A link off the app is never followed: the notification opens the app's home.
  await push(JSON.stringify({ title: 'Elsewhere', body: 'x', url: 'https://example.com/', tag: 'other' }));
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === 'other'))
    .toEqual({ title: 'Elsewhere', body: 'x', tag: 'other', url: '/' });

  await push('Plain text from an older server');
  await expect
    .poll(async () => (await shownNotifications(page)).some((n) => n.body === 'Plain text from an older server' && n.title === 'HYROX Training Hub'))
    .toBe(true);
});
