import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TimeInput } from './time-input';

function Field({ error }: { error?: string }) {
  const [text, setText] = useState('');
  return <TimeInput label="Run 1" value={text} onChange={setText} error={error} />;
}

describe('TimeInput', () => {
  it('opens a keypad with a separator and reads back what is typed', () => {
    render(<Field />);
    const input = screen.getByLabelText('Run 1');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription('e.g. 25:30 or 2530');
    fireEvent.change(input, { target: { value: '2530' } });
    expect(input).toHaveAccessibleDescription('Reads as 25 min 30 s');
    fireEvent.change(input, { target: { value: '1:05:30' } });
    expect(input).toHaveAccessibleDescription('Reads as 1 h 5 min 30 s');
    fireEvent.change(input, { target: { value: '45' } });
    expect(input).toHaveAccessibleDescription(/could be seconds or minutes/);
  });

  it('shows the form error instead, marked invalid', () => {
    render(<Field error="Run 1 is required." />);
    const input = screen.getByLabelText('Run 1');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Run 1 is required.');
  });
});
