import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type AuthTab = 'login' | 'signup';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
];

/** WAI-ARIA tabs (arrow keys, Home/End) for Login and Sign Up. */
export function AuthTabs({ value, onChange, children }: { value: AuthTab; onChange: (tab: AuthTab) => void; children: ReactNode }) {
  const base = useId();
  const refs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ login: null, signup: null });

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.id === value);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const tab = TABS[next]!.id;
    onChange(tab);
    refs.current[tab]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Login or sign up" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {TABS.map((t) => {
          const selected = t.id === value;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.id)}
              onKeyDown={onKeyDown}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${value}`} aria-labelledby={`${base}-tab-${value}`} className="mt-6">
        {children}
      </div>
    </div>
  );
}
