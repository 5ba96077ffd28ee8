import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { TopBar } from './top-bar';

function renderTopBar() {
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, null); // anonymous
  const location = memoryLocation({ path: '/training' });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <TopBar />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('TopBar mobile menu', () => {
  it('closes when the location changes by any means (not only its own links)', () => {
    const location = renderTopBar();
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getByTestId('mobile-menu')).toBeInTheDocument();
    act(() => location.navigate('/nutrition'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    // Going back does not bring it back.
    act(() => location.navigate('/training'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });

  it('closes on Escape', () => {
    renderTopBar();
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getByTestId('mobile-menu-button')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });
});
