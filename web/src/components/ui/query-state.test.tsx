import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';
import { QueryState } from './query-state';

type Q = { isPending: boolean; isError: boolean; error: Error | null; data: string[] | undefined };
const pending: Q = { isPending: true, isError: false, error: null, data: undefined };
const failed: Q = { isPending: false, isError: true, error: new Error('Server down'), data: undefined };
const done = (data: string[]): Q => ({ isPending: false, isError: false, error: null, data });

function List({ query }: { query: Q }) {
  return (
    <QueryState query={query} pending={<p>Loading</p>} isEmpty={(d) => d.length === 0} empty={<p>Nothing yet</p>}>
      {(items) => <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows pending, then the error (announced), the empty state, or the data', () => {
    const { rerender } = render(<List query={pending} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    rerender(<List query={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
    rerender(<List query={done([])} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    rerender(<List query={done(['Row'])} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Row');
  });

  it('takes its own error rendering', () => {
    render(
      <QueryState query={failed} error={(e) => <p>Oops: {e.message}</p>}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('Oops: Server down')).toBeInTheDocument();
  });
});

describe('PageHeader', () => {
  it('is the page h1 with its description and actions', () => {
    render(<PageHeader title="Billing History" description="Every invoice." actions={<button>Add</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Billing History' })).toBeInTheDocument();
    expect(screen.getByText('Every invoice.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
