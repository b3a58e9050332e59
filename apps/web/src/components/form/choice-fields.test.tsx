import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { SwitchField } from '@/components/form/switch-field';
import { describedErrorOf, renderForm, stubResizeObserver } from '@/components/form/form-test-harness';

const schema = z.object({
  role: z.string().refine((role) => role === 'owner' || role === 'director', 'Choose a role'),
  products: z.array(z.string()).min(1, 'Choose at least one product'),
  alerts: z.boolean().refine((on) => on, 'Alerts must stay on'),
});
type Values = z.input<typeof schema>;

stubResizeObserver();

function renderChoices(defaults: Values) {
  return renderForm(zodResolver(schema), defaults, (control) => (
    <>
      <RadioGroupField
        control={control}
        name="role"
        label="Role"
        options={[
          { value: 'owner', label: 'Beneficial owner' },
          { value: 'director', label: 'Director', description: 'Sits on the board.' },
        ]}
      />
      <CheckboxGroupField
        control={control}
        name="products"
        label="Products you are interested in"
        options={[
          { value: 'onRamp', label: 'On-ramp', description: 'Card to crypto.' },
          { value: 'swaps', label: 'Swaps' },
        ]}
      />
      <SwitchField control={control} name="alerts" label="E-mail alerts" description="When a payment fails." />
    </>
  ));
}

describe('RadioGroupField, CheckboxGroupField and SwitchField', () => {
  it('name each group and control by its label', () => {
    renderChoices({ role: 'director', products: ['swaps'], alerts: true });
    const role = screen.getByRole('radiogroup', { name: 'Role' });
    expect(
      within(role)
        .getByRole('radio', { name: /Director/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const products = screen.getByRole('group', { name: 'Products you are interested in' });
    expect(within(products).getByRole('checkbox', { name: /Swaps/ }).getAttribute('aria-checked')).toBe('true');
    expect(
      within(products)
        .getByRole('checkbox', { name: /On-ramp/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByRole('switch', { name: 'E-mail alerts' }).getAttribute('aria-checked')).toBe('true');
    expect(describedErrorOf(screen.getByRole('switch', { name: 'E-mail alerts' }))).toBe('When a payment fails.');
  });

  it('show each error on its group or switch, marked invalid and described by the message', async () => {
    const { user, submitted } = renderChoices({ role: '', products: [], alerts: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const role = screen.getByRole('radiogroup', { name: 'Role' });
    await waitFor(() => expect(role.getAttribute('aria-invalid')).toBe('true'));
    expect(describedErrorOf(role)).toBe('Choose a role');
    const products = screen.getByRole('group', { name: 'Products you are interested in' });
    expect(products.getAttribute('aria-invalid')).toBe('true');
    expect(describedErrorOf(products)).toBe('Choose at least one product');
    const alerts = screen.getByRole('switch', { name: 'E-mail alerts' });
    expect(alerts.getAttribute('aria-invalid')).toBe('true');
    expect(describedErrorOf(alerts)).toBe('When a payment fails. Alerts must stay on');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('carry the choices through to the submitted values', async () => {
    const { user, submitted } = renderChoices({ role: 'owner', products: ['swaps'], alerts: false });
    await user.click(screen.getByRole('radio', { name: /Director/ }));
    await user.click(screen.getByRole('checkbox', { name: /On-ramp/ }));
    await user.click(screen.getByRole('checkbox', { name: /Swaps/ }));
    await user.click(screen.getByRole('switch', { name: 'E-mail alerts' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ role: 'director', products: ['onRamp'], alerts: true }));
  });
});
