import { LiveCoaching } from '@/features/coaching/components/live-coaching';
import { LiveTraining } from '@/features/training/components/live-training';
import { useLiveStream } from '@/lib/live';

/**
 * The signed-in app's live updates (docs/live.md): the one stream and each
 * area's listeners. Loaded apart from the entry, after sign-in: visitors
 * never download it.
 */
export default function LiveUpdates() {
  useLiveStream(true);
  return (
    <>
      <LiveCoaching />
      <LiveTraining />
    </>
  );
}
