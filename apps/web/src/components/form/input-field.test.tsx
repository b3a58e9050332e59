import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodeField } from '@/components/form/code-field';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { TextareaField } from '@/components/form/textarea-field';
import { describedErrorOf, renderForm } from '@/components/form/form-test-harness';

const schema = z.object({
  name: z.string().min(1, 'Enter a name'),
  note: z.string().min(1, 'Write a note'),
  secret: z.string().min(1, 'Enter your password'),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
type Values = z.infer<typeof schema>;

function renderTextFields(defaults: Values) {
  return renderForm<Values>(zodResolver(schema), defaults, (control) => (
    <>
      <InputField control={control} name="name" label="Name" description="As on your passport." />
      <TextareaField control={control} name="note" label="Note" />
      <PasswordField control={control} name="secret" label="Password" />
      <CodeField control={control} name="code" label="Authentication code" />
    </>
  ));
}

describe('text fields of the form kit', () => {
  it('label each control and keep the description on it', () => {
    renderTextFields({ name: '', note: '', secret: '', code: '' });
    expect(screen.getByLabelText('Name')).toHaveProperty('tagName', 'INPUT');
    expect(screen.getByLabelText('Note')).toHaveProperty('tagName', 'TEXTAREA');
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByLabelText('Authentication code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(describedErrorOf(screen.getByLabelText('Name'))).toBe('As on your passport.');
  });

  it('show each error on its control, marked invalid and described by the message', async () => {
    const { user, submitted } = renderTextFields({ name: '', note: '', secret: '', code: '12' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(describedErrorOf(screen.getByLabelText('Name'))).toBe('As on your passport. Enter a name');
    for (const [label, message] of [
      ['Note', 'Write a note'],
      ['Password', 'Enter your password'],
      ['Authentication code', 'Enter the 6-digit code'],
    ] as const) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
      expect(describedErrorOf(screen.getByLabelText(label))).toBe(message);
    }
    expect(submitted).not.toHaveBeenCalled();
  });

  it('carry the typed values through to the submitted values', async () => {
    const { user, submitted } = renderTextFields({ name: 'Ada', note: '', secret: '', code: '' });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ada');
    await user.type(screen.getByLabelText('Name'), ' Lovelace');
    await user.type(screen.getByLabelText('Note'), 'First line');
    await user.type(screen.getByLabelText('Password'), 'hunter2');
    await user.type(screen.getByLabelText('Authentication code'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ name: 'Ada Lovelace', note: 'First line', secret: 'hunter2', code: '123456' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
  });
});
