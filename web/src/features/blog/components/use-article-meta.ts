import { useEffect } from 'react';

type Meta = { title: string; description: string; imageUrl: string; publishedAt: string; author: string };

const SITE = 'HYROX Training Hub';

function setMeta(attr: 'name' | 'property', key: string, content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const previous = el?.getAttribute('content') ?? null;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('content', previous);
  };
}

/**
 * Sets document.title, the description and the Open Graph tags from the
 * article, and restores them when the page closes. This runs in the browser:
 * link previews from crawlers that do not run JavaScript only see index.html's
 * defaults (server-side tags would need the server to render the head).
 */
export function useArticleMeta(meta: Meta | undefined) {
  const key = meta ? JSON.stringify(meta) : '';
  useEffect(() => {
    if (!key) return;
    const meta = JSON.parse(key) as Meta;
    const previousTitle = document.title;
    document.title = `${meta.title} | ${SITE}`;
    const image = new URL(meta.imageUrl, window.location.origin).href;
    const restore = [
      setMeta('name', 'description', meta.description),
      setMeta('property', 'og:type', 'article'),
      setMeta('property', 'og:site_name', SITE),
      setMeta('property', 'og:title', meta.title),
      setMeta('property', 'og:description', meta.description),
      setMeta('property', 'og:url', window.location.href),
      setMeta('property', 'og:image', image),
      setMeta('property', 'article:published_time', meta.publishedAt),
      setMeta('property', 'article:author', meta.author),
      setMeta('name', 'twitter:card', 'summary_large_image'),
    ];
    return () => {
      restore.forEach((undo) => undo());
      document.title = previousTitle;
    };
  }, [key]);
}
