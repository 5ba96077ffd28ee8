import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

// Radix Toast is loaded with the first notification, keeping it out of the
// landing page's initial JS. Once loaded it stays mounted.
const ToastViewport = lazy(() => import('./toast-viewport'));

/** Renders the toast queue; mount once near the root. */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
