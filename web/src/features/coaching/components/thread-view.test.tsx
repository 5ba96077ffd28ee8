import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from './thread-view';

describe('MessageText', () => {
  it('links the log page a comment line names and keeps the rest as text', () => {
    const { container } = render(
      <p>
        <MessageText text={'New comment on your log "Run" (/workout-logs/42):\nHold <b>pace</b>'} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'view the log' })).toHaveAttribute('href', '/workout-logs/42');
    // The raw path is never shown: a readable label stands in its place.
    expect(container.textContent).toBe('New comment on your log "Run" (view the log):\nHold <b>pace</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('leaves text without a log path alone', () => {
    render(<MessageText text="See /workout-logs or /programs/3" />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
