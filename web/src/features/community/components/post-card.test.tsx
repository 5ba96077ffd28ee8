import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { postKey, type Post } from '../api/types';
import { PostCard } from './post-card';

const post: Post = {
  id: 7,
  userId: 2,
  username: 'sled_queen',
  content: 'Wall balls <b>done</b>',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  likes: 4,
  comments: 1,
  likedByMe: false,
};

function CachedCard() {
  const { data } = useQuery({ queryKey: postKey(7), queryFn: () => post });
  return data ? <PostCard post={data} viewerId={1} /> : null;
}

function renderCard() {
  const client = createQueryClient();
  client.setQueryData(postKey(7), post);
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/community' }).hook}>
        <CachedCard />
      </Router>
    </QueryClientProvider>,
  );
  return client;
}

function deferredFetch() {
  let answer!: (res: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((ok) => (answer = ok)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (status: number, body: unknown) => answer(new Response(JSON.stringify(body), { status })) };
}

afterEach(() => vi.unstubAllGlobals());

describe('PostCard', () => {
  it('shows the age and the markup as text', () => {
    renderCard();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getByText('Wall balls <b>done</b>')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('likes at once, then keeps the server count', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderCard();
    const like = screen.getByRole('button', { name: /^Like/ });
    fireEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('like-count')).toHaveTextContent('5');
    expect(fetchMock).toHaveBeenCalledWith('/api/community/posts/7/like', expect.objectContaining({ method: 'POST' }));
    answer(200, { ...post, likes: 9, likedByMe: true });
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('9'));
  });

  it('rolls the like back when the server refuses', async () => {
    const { answer } = deferredFetch();
    renderCard();
    const like = screen.getByRole('button', { name: /^Like/ });
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('5'));
    answer(429, { message: 'Too many likes at once. Please wait a moment.' });
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('4'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
  });
});
