const HOUR = 60 * 60 * 1000;

/**
 * A post's age as docs/product.md#community words it: 'less than 1 hour ago', '1 hour ago',
 * 'N hours ago' (whole hours), and beyond 24 hours '1 day ago' / 'N days ago'.
 */
export function formatPostAge(createdAt: string | Date, now: Date = new Date()): string {
  const t = createdAt instanceof Date ? createdAt.getTime() : Date.parse(createdAt);
  if (Number.isNaN(t)) return '';
  const hours = Math.floor((now.getTime() - t) / HOUR);
  if (hours < 1) return 'less than 1 hour ago';
  if (hours === 1) return '1 hour ago';
  if (hours < 24) return `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
