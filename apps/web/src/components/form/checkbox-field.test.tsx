import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { CheckboxField } from '@/components/form/checkbox-field';
import { describedErrorOf, renderForm, stubResizeObserver } from '@/components/form/form-test-harness';

stubResizeObserver();

it('CheckboxField: a checkbox named by its label and described, whose ticking submits true', async () => {
  const { user, submitted } = renderForm(zodResolver(z.object({ makeActive: z.boolean() })), { makeActive: false }, (control) => (
    <CheckboxField control={control} name="makeActive" label="Make it the active theme" description="The widget switches to it." />
  ));
  const checkbox = screen.getByRole('checkbox', { name: 'Make it the active theme' });
  expect(describedErrorOf(checkbox)).toBe('The widget switches to it.');
  await user.click(checkbox);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalledWith({ makeActive: true }));
});
