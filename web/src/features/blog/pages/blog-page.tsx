import { Rss, X } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import type { BlogCategory } from '../api/get-articles';
import { ArticleList } from '../components/article-list';
import { CategoryCards } from '../components/category-cards';
import { isCategory } from '../components/category-meta';
import { NewsletterBox } from '../components/newsletter-box';
import { RacePrepTip } from '../components/race-prep-tip';
import { WeeklyWod } from '../components/weekly-wod';

/**
 * /blog: the weekly workout of the day, the category cards, the latest
 * articles with Load More, the race prep tip and the newsletter box. The
 * category filter lives in the address (?category=Gear) so it can be shared
 * and the back button undoes it.
 */
export default function BlogPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const raw = new URLSearchParams(search).get('category');
  const category: BlogCategory | null = isCategory(raw) ? raw : null;
  const select = (c: BlogCategory | null) => navigate(c ? `${paths.blog}?category=${c}` : paths.blog);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-bold tracking-widest text-accent-text uppercase">Blog</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">Training Blog</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Station technique, pacing, recovery and gear: practical articles for every part of your HYROX.
        </p>
      </header>

      <div className="mt-10">
        <WeeklyWod />
      </div>

      <section aria-labelledby="categories-heading" className="mt-12">
        <h2 id="categories-heading" className="text-2xl font-bold tracking-tight">
          Browse by Category
        </h2>
        <div className="mt-4">
          <CategoryCards active={category} onSelect={select} />
        </div>
      </section>

      <section aria-labelledby="articles-heading" className="mt-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="articles-heading" className="text-2xl font-bold tracking-tight">
            {category ? `Latest ${category} Articles` : 'Latest Articles'}
          </h2>
          <div className="flex items-center gap-2">
            {category && (
              <Button variant="outline" size="sm" onClick={() => select(null)}>
                <X className="h-4 w-4" aria-hidden="true" />
                Show all articles
              </Button>
            )}
            <a
              href="/blog/rss.xml"
              className="inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Rss className="h-4 w-4 text-accent-text" aria-hidden="true" />
              RSS feed
            </a>
          </div>
        </div>
        <div className="mt-6">
          <ArticleList key={category ?? 'all'} category={category} />
        </div>
      </section>

      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <RacePrepTip />
        <NewsletterBox />
      </div>
    </div>
  );
}
