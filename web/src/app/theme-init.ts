// Imported first by main.tsx so the theme class is set before React renders.
import { initTheme } from './theme';

initTheme();
