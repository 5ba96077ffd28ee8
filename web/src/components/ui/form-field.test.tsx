import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormError, FormField, InputField } from './form-field';
import { Select } from './select';
import { Textarea } from './textarea';

// The text of the elements an element's aria-describedby names, in order.
function description(el: HTMLElement): string[] {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => {
    const target = document.getElementById(id);
    if (!target) throw new Error(`aria-describedby names #${id}, which is not in the page`);
    return target.textContent ?? '';
  });
}

describe('FormField', () => {
  it('labels its control with a generated id, unique per field', () => {
    render(
      <>
        <InputField label="Weight (kg)" />
        <InputField label="Height (cm)" />
      </>,
    );
    const weight = screen.getByLabelText('Weight (kg)');
    const height = screen.getByLabelText('Height (cm)');
    expect(weight.id).not.toBe('');
    expect(weight.id).not.toBe(height.id);
    expect(weight).not.toHaveAttribute('aria-invalid');
    expect(weight).not.toHaveAttribute('aria-describedby');
  });

  it('uses the id it is given (server errors are keyed by it)', () => {
    render(<InputField id="runSplits.0" label="Run 1" />);
    expect(screen.getByLabelText('Run 1')).toHaveAttribute('id', 'runSplits.0');
  });

  it('describes the control with its hint while there is no error', () => {
    render(<InputField label="Password" hint="At least 6 characters" />);
    const input = screen.getByLabelText('Password');
    expect(description(input)).toEqual(['At least 6 characters']);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and describes it with the error, which replaces the hint', () => {
    render(<InputField label="Password" hint="At least 6 characters" error="Password must be at least 6 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(description(input)).toEqual(['Password must be at least 6 characters']);
    expect(screen.queryByText('At least 6 characters')).toBeNull();
  });

  it('wires a Select and a Textarea the same way', () => {
    render(
      <>
        <FormField label="Meal type" error="Meal type is required">
          {(control) => (
            <Select {...control}>
              <option value="">Select a meal</option>
            </Select>
          )}
        </FormField>
        <FormField label="Notes" hint="Optional">
          {(control) => <Textarea {...control} />}
        </FormField>
      </>,
    );
    const meal = screen.getByLabelText('Meal type');
    expect(meal.tagName).toBe('SELECT');
    expect(meal).toHaveAttribute('aria-invalid', 'true');
    expect(description(meal)).toEqual(['Meal type is required']);
    const notes = screen.getByLabelText('Notes');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(description(notes)).toEqual(['Optional']);
  });

  it('passes input attributes and classes through InputField', () => {
    render(<InputField label="Roxzone" className="gap-1" inputClassName="font-mono" inputMode="numeric" placeholder="6:53" />);
    const input = screen.getByLabelText('Roxzone');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', '6:53');
    expect(input).toHaveClass('font-mono');
    expect(input.parentElement).toHaveClass('gap-1');
  });
});

describe('FormError', () => {
  it('renders nothing without a message and an alert with one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="Could not save your targets" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save your targets');
  });
});
