import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './linkified-text';

describe('splitLinks', () => {
  it('splits text and links, leaving trailing punctuation as text', () => {
    expect(splitLinks('See https://races.example.com/berlin. Or www.example.org!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://races.example.com/berlin', href: 'https://races.example.com/berlin' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org' },
      { kind: 'text', text: '!' },
    ]);
  });
  it('does not turn javascript: into a link', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});

describe('LinkifiedText', () => {
  it('renders markup as text and links with safe rel', () => {
    const { container } = render(
      <p>
        <LinkifiedText text={'<script>alert(1)</script> <b>x</b> https://a.example'} />
      </p>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const link = screen.getByRole('link');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link.getAttribute('href')).toBe('https://a.example');
  });
});
