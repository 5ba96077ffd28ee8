import { Fragment } from 'react';

// http(s) links and bare www. addresses; trailing punctuation stays text.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits plain text into text and link parts; nothing is ever parsed as HTML. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    let raw = m[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    const start = m.index;
    if (!raw || /^www\.$/i.test(raw)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * User-written text rendered as React text nodes (so `<script>` shows as
 * text), with links made clickable (rel noopener nofollow ugc) and line
 * breaks kept.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener nofollow ugc"
            className="break-all text-accent-text underline underline-offset-2 hover:opacity-80"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
