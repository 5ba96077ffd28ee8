import { Link } from 'wouter';
import { ArrowRight, BookOpen, CreditCard, Users } from 'lucide-react';
import { Section } from './section';

const LINKS = [
  { href: '/pricing', label: 'View Pricing Plans', text: 'Free to start; upgrade for advanced plans and analytics.', icon: CreditCard },
  { href: '/blog', label: 'Read Training Blog', text: 'Weekly WODs, race prep tips, recovery and gear.', icon: BookOpen },
  { href: '/community', label: 'Join Community', text: 'Leaderboards, race reports and training talk.', icon: Users },
];

export function ExploreMoreSection() {
  return (
    <Section id="explore" title="Explore More" intro="Everything you need between today and the finish line.">
      <ul className="grid gap-6 md:grid-cols-3">
        {LINKS.map(({ href, label, text, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full flex-col rounded-xl border border-border bg-card p-6 transition-colors hover:border-primary"
            >
              <Icon className="h-8 w-8 text-accent-text" aria-hidden="true" />
              <span className="mt-4 flex items-center gap-2 text-lg font-bold">
                {label}
                <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
              </span>
              <span className="mt-2 text-muted-foreground">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
