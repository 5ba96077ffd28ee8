export type { User } from '@/lib/session';

/**
 * The signed-in user: `data` is the user, null when anonymous (401), or
 * undefined while loading. Cached 5 minutes (docs/product.md#web-app).
 */
export { useSessionUser as useUser } from '@/lib/session';
