import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { blogArticlePath, paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useArticle } from '../api/get-article';
import { ArticleMetaLine } from '../components/article-meta-line';
import { useArticleMeta } from '../components/use-article-meta';

// Typography for the server-rendered body (no typography plugin needed).
const prose = [
  'text-base leading-7 text-foreground sm:text-lg sm:leading-8',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_strong]:font-bold [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:text-base',
  '[&_th]:border-b-2 [&_th]:border-border [&_th]:px-2 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold sm:[&_th]:px-3',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-2 [&_td]:py-2 sm:[&_td]:px-3',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary [&_blockquote]:pl-4 [&_blockquote]:italic',
].join(' ');

export default function BlogArticlePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: article, isPending, error } = useArticle(id);
  useArticleMeta(
    article && {
      title: article.title,
      description: article.excerpt,
      imageUrl: article.imageUrl,
      publishedAt: article.publishedAt,
      author: article.author,
    },
  );

  const back = (
    <Link href={paths.blog} className="inline-flex items-center gap-2 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Blog
    </Link>
  );

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="status" className="sr-only">
          Loading article...
        </p>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-6 h-10 w-4/5" />
        <Skeleton className="mt-4 h-4 w-1/2" />
        <Skeleton className="mt-8 aspect-[40/21] w-full" />
        <Skeleton className="mt-8 h-4 w-full" />
        <Skeleton className="mt-3 h-4 w-11/12" />
        <Skeleton className="mt-3 h-4 w-4/5" />
      </div>
    );
  }

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-black tracking-tight">{missing ? 'Article not found' : 'The article could not be loaded'}</h1>
        <p className="mt-4 text-muted-foreground">
          {missing ? 'This article does not exist or was removed.' : errorMessage(error)}
        </p>
        <div className="mt-6">{back}</div>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {back}
      <header className="mt-6">
        <Badge variant="outline">{article.category}</Badge>
        <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">{article.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{article.excerpt}</p>
        <div className="mt-4">
          <ArticleMetaLine author={article.author} publishedAt={article.publishedAt} readingTime={article.readingTime} />
        </div>
      </header>
      <img
        src={article.imageUrl}
        alt=""
        width={1200}
        height={630}
        className="mt-8 aspect-[40/21] w-full rounded-2xl border border-border object-cover"
      />
      {/*
        The only dangerouslySetInnerHTML in the app: this HTML comes from our
        own server, which renders the Markdown with goldmark (raw HTML off) and
        then sanitizes it with bluemonday's allow-list, so no script, event
        attribute or javascript: URL can be in it (internal/blog/render.go,
        tested in render_test.go).
      */}
      <div data-testid="article-body" className={`mt-8 ${prose}`} dangerouslySetInnerHTML={{ __html: article.html }} />

      <nav aria-label="More articles" className="mt-14 grid gap-4 border-t border-border pt-8 sm:grid-cols-2">
        {article.previousId != null ? (
          <Link
            href={blogArticlePath(article.previousId)}
            className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 font-semibold hover:bg-muted"
          >
            <ArrowLeft className="h-5 w-5 shrink-0" aria-hidden="true" />
            Previous article
          </Link>
        ) : (
          <span />
        )}
        {article.nextId != null && (
          <Link
            href={blogArticlePath(article.nextId)}
            className="flex items-center justify-end gap-3 rounded-xl border border-border bg-card p-4 font-semibold hover:bg-muted"
          >
            Next article
            <ArrowRight className="h-5 w-5 shrink-0" aria-hidden="true" />
          </Link>
        )}
      </nav>
    </article>
  );
}
