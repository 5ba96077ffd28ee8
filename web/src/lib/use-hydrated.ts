import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over a prerendered page (hydration renders with the
 * server snapshot, as the build did) and in the build's render itself; true
 * right after, and from the start of a page rendered in the browser. A form on
 * a prerendered page keeps its controls disabled until then, so the browser
 * cannot send it before the script owns it (docs/product.md#prerendered-pages).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
