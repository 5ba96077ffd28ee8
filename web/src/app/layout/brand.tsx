import { Link } from 'wouter';
import { paths } from '../paths';

/** compact: between lg and xl the top bar needs the room, so 'Training Hub' is for screen readers only there. */
export function Brand({ onNavigate, compact }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      href={paths.home}
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md font-black tracking-tight"
    >
      <span className="rounded bg-primary px-2 py-1 text-lg leading-none text-primary-foreground italic">HYROX</span>{' '}
      <span className={compact ? 'text-base leading-none lg:max-xl:sr-only' : 'text-base leading-none'}>Training Hub</span>
    </Link>
  );
}
