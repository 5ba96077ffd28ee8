import { useSyncExternalStore } from 'react';

// One notification at a time (docs/product.md#web-app): a new toast replaces the current one.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (default 5000). */
  duration?: number;
  /** One button in the toast (e.g. Undo); clicking it runs onClick and closes the toast. */
  action?: { label: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a toast closed (Radix plays its exit), then removes it. */
export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open)), 300);
}

/** Shows a toast from anywhere (components, mutation callbacks). */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The current toasts plus the imperative functions. */
export function useToast() {
  const items = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return { toasts: items, toast, dismiss: dismissToast };
}
