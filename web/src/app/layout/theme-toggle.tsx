import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { useTheme } from '../theme';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  // Disabled in the HTML the build renders: it works once the script owns the page.
  const hydrated = useHydrated();
  return (
    <Button variant="ghost" size="icon" onClick={toggle} disabled={!hydrated} aria-label={`Switch to ${next} theme`} data-testid="theme-toggle">
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
    </Button>
  );
}
