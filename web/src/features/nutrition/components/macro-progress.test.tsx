import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MacroProgress } from './macro-progress';

describe('MacroProgress (current / target x 100)', () => {
  it('shows current / target and the percentage', () => {
    render(<MacroProgress label="Protein" current={53} target={170} unit="g" />);
    expect(screen.getByText('31%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Protein' });
    expect(bar).toHaveAttribute('aria-valuenow', '31');
    expect(screen.getByTestId('macro-protein-bar')).toHaveStyle({ width: '31%' });
  });

  it('caps the bar at 100 % while the figure shows the real value', () => {
    render(<MacroProgress label="Calories" current={3763} target={3160} unit="kcal" />);
    expect(screen.getByTestId('macro-calories-percent')).toHaveTextContent('119%');
    expect(screen.getByTestId('macro-calories-current')).toHaveTextContent('3,763');
    expect(screen.getByTestId('macro-calories-bar')).toHaveStyle({ width: '100%' });
    expect(screen.getByRole('progressbar', { name: 'Calories' })).toHaveAttribute('aria-valuetext', '3,763 of 3,160 kcal, 119%');
  });
});
