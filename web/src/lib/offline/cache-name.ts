/** The runtime cache of API answers (docs/offline.md#what-is-readable-offline). */
export const API_CACHE = 'hyrox-api';

/**
 * The athlete's reads behind home, the calendar, today's session, the log
 * form and the food diary (docs/offline.md#what-is-readable-offline), by
 * path. Other answers (billing, coaching, exports, feeds) are never kept.
 */
export const CACHED_API = [
  /^\/api\/(user|site|tiers|config|subscription-status|home|training-load|personal-records)$/,
  /^\/api\/calendar(\/sessions\/\d+)?$/,
  /^\/api\/workout-logs(\/\d+(\/detail)?)?$/,
  /^\/api\/workout-stats\/\d+$/,
  /^\/api\/(workouts|exercises)(\/[\w-]+)?$/,
  /^\/api\/food-entries$/,
  /^\/api\/nutrition(\/\d+|\/foods(\/[\w-]+)?|\/my-foods|\/history|\/plan|\/custom-foods)?$/,
];
