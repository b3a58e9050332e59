import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from '@/components/form/submit-button';
import { Form } from '@/components/ui/form';

describe('SubmitButton', () => {
  it('is disabled and shows what is happening while its form submits, then is usable again', async () => {
    let finish = () => {};
    function Harness() {
      const form = useForm();
      return (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(() => new Promise<void>((resolve) => (finish = resolve)))}>
            <SubmitButton pendingLabel="Saving">Save changes</SubmitButton>
          </form>
        </Form>
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Save changes' });
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(screen.getByRole('status', { name: 'Saving' })).toBeTruthy();
    finish();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
