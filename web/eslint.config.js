// ESLint (flat config): JavaScript and typescript-eslint recommended rules, the
// React hooks rules, and jsx-a11y on every component. `npm run lint`; `make test` runs it.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Built output, test output and the file generated from api/openapi.yaml.
  globalIgnores(['dist/', 'test-results/', 'playwright-report/', 'src/lib/api-types.ts']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A scrollable region must be focusable so a keyboard can scroll it
      // (axe: scrollable-region-focusable); tab panels as in the preset.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Node: browser tests, build scripts, tool configs.
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
