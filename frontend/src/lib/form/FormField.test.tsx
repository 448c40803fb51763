import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormField } from './FormField';

/** A field that keeps what was typed in its own state, as DateTimeInput keeps a date without its time. */
function Typed({ id, 'aria-describedby': describedBy }: { id: string; 'aria-describedby'?: string }) {
  const [text, setText] = useState('');
  return <input id={id} aria-label="typed" aria-describedby={describedBy} value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}

function Form() {
  const [error, setError] = useState<string | undefined>('Say when it was found.');
  return (
    <>
      <FormField id="found" label="When it was found" error={error}>
        <Typed id="found" />
      </FormField>
      <button type="button" onClick={() => setError(undefined)}>
        clear
      </button>
    </>
  );
}

describe('FormField', () => {
  it('ties its message to the field, and keeps what was typed when the message goes', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByLabelText('typed');
    expect(input.getAttribute('aria-describedby')).toBe('found-error');
    await user.type(input, '11/27/2026');
    await user.click(screen.getByRole('button', { name: 'clear' }));
    // The incident journey lost "When it was found" this way: the field was remounted as its message went.
    expect((screen.getByLabelText('typed') as HTMLInputElement).value).toBe('11/27/2026');
    expect(screen.getByLabelText('typed').getAttribute('aria-describedby')).toBeNull();
  });
});
