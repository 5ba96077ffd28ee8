import { useSyncExternalStore } from 'react';

// Light/dark theme: the choice is kept in localStorage; without one the
// system's prefers-color-scheme decides (and is followed when it changes).
// index.html sets the theme class before the first paint (its one inline
// script, allowed by its hash: docs/product.md#prerendered-pages); initTheme()
// runs first thing in main.tsx and keeps it in step.

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'hyrox-theme';

const listeners = new Set<() => void>();
let current: Theme = 'light';

function storedTheme(): Theme | null {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function apply(theme: Theme) {
  current = theme;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  for (const l of listeners) l();
}

export function initTheme() {
  apply(storedTheme() ?? systemTheme());
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (!storedTheme()) apply(systemTheme());
    });
  }
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  apply(theme);
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    // Prerendered HTML is rendered in the light theme; hydration starts from it and then shows the real one.
    () => 'light',
  );
  return { theme, setTheme, toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
