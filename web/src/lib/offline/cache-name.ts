/** The runtime cache of API answers (docs/offline.md#what-is-readable-offline). */
export const API_CACHE = 'hyrox-api';
