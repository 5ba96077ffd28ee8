import type { Ref } from 'react';
import { Link } from 'wouter';
import { blogArticlePath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import type { BlogArticle } from '../api/get-articles';
import { ArticleMetaLine } from './article-meta-line';

/** One article in the list; the whole card opens /blog/{id} (the title is the link). */
export function ArticleCard({ article, linkRef }: { article: BlogArticle; linkRef?: Ref<HTMLAnchorElement> }) {
  return (
    <article
      data-testid="article-card"
      className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <img src={article.imageUrl} alt="" width={1200} height={630} loading="lazy" className="aspect-[40/21] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge variant="outline" className="self-start">
          {article.category}
        </Badge>
        <h3 className="text-lg leading-snug font-bold">
          <Link
            href={blogArticlePath(article.id)}
            ref={linkRef}
            className="outline-none after:absolute after:inset-0 group-hover:underline focus-visible:underline"
          >
            {article.title}
          </Link>
        </h3>
        <p className="flex-1 text-sm text-muted-foreground">{article.excerpt}</p>
        <ArticleMetaLine author={article.author} publishedAt={article.publishedAt} readingTime={article.readingTime} />
      </div>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div data-testid="article-skeleton" className="overflow-hidden rounded-xl border border-border bg-card">
      <div aria-hidden="true" className="aspect-[40/21] w-full animate-pulse bg-muted" />
      <div aria-hidden="true" className="flex flex-col gap-3 p-5">
        <div className="h-5 w-20 animate-pulse rounded-full bg-muted" />
        <div className="h-6 w-4/5 animate-pulse rounded-md bg-muted" />
        <div className="h-4 w-full animate-pulse rounded-md bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded-md bg-muted" />
      </div>
    </div>
  );
}
