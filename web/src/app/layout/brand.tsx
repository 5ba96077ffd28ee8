import { Link } from 'wouter';
import { paths } from '../paths';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      href={paths.home}
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md font-black tracking-tight"
    >
      <span className="rounded bg-primary px-2 py-1 text-lg leading-none text-primary-foreground italic">HYROX</span>{' '}
      <span className="text-base leading-none">Training Hub</span>
    </Link>
  );
}
