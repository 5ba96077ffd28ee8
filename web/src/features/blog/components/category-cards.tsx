import { cn } from '@/lib/cn';
import type { BlogCategory } from '../api/get-articles';
import { CATEGORIES } from './category-meta';

/** The category cards Training, Recovery, Gear: each filters the list; pressing the active one again shows all. */
export function CategoryCards({ active, onSelect }: { active: BlogCategory | null; onSelect: (c: BlogCategory | null) => void }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {CATEGORIES.map(({ name, icon: Icon, text }) => {
        const pressed = active === name;
        return (
          <li key={name} className="flex">
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onSelect(pressed ? null : name)}
              className={cn(
                'flex w-full items-start gap-4 rounded-xl border bg-card p-5 text-left shadow-sm transition-colors',
                'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                pressed ? 'border-primary ring-2 ring-primary' : 'border-border',
              )}
            >
              <span
                className={cn(
                  'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg',
                  pressed ? 'bg-primary text-primary-foreground' : 'bg-muted text-accent-text',
                )}
              >
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-bold">{name}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
