import { useLiveMessages } from '../api/coaching';

/**
 * The app's one live message stream (docs/coaching.md#live-messages),
 * mounted by the layout for elite members and coaches: it keeps the top
 * bar's unread badge and open threads current on every page, and closes when
 * `enabled` turns false (sign-out, a tier below elite).
 */
export function LiveCoaching({ enabled }: { enabled: boolean }) {
  useLiveMessages(enabled);
  return null;
}
