import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markPageShown } from '@/lib/page-shown';

afterEach(() => cleanup());

// A component under test renders as on a page already on screen: what waits for
// that (lib/page-shown.ts, lib/deferred.tsx) comes as it would. Tests of the
// wait itself load fresh modules. (Not in a file run without a DOM.)
if (typeof requestAnimationFrame === 'function') markPageShown();
