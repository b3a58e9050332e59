import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CurrencyField } from '@/components/form/currency-field';
import { SelectField } from '@/components/form/select-field';
import { describedErrorOf, renderForm } from '@/components/form/form-test-harness';

const schema = z.object({
  volume: z.string().min(1, 'Choose a range'),
  currency: z.enum(['eur', 'gbp', 'usd']),
});
type Values = z.infer<typeof schema>;

// jsdom lacks what Radix's select calls while it opens and scrolls to the chosen item.
const STUBS = { scrollIntoView: () => {}, hasPointerCapture: () => false };
const saved = Object.fromEntries(Object.keys(STUBS).map((key) => [key, Object.getOwnPropertyDescriptor(Element.prototype, key)]));
beforeEach(() => Object.assign(Element.prototype, STUBS));
afterEach(() => {
  for (const [key, descriptor] of Object.entries(saved)) {
    if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
    else Reflect.deleteProperty(Element.prototype, key);
  }
});

function renderSelects(defaults: Values) {
  return renderForm<Values>(zodResolver(schema), defaults, (control) => (
    <>
      <SelectField control={control} name="volume" label="Expected monthly volume" options={['Under $10k', '$10k–$100k']} placeholder="Choose a range" />
      <CurrencyField control={control} name="currency" label="Preferred currency" description="Amounts are shown in it." />
    </>
  ));
}

describe('SelectField and CurrencyField', () => {
  it('label the trigger and show the placeholder or the chosen label', () => {
    renderSelects({ volume: '', currency: 'gbp' });
    expect(screen.getByRole('combobox', { name: 'Expected monthly volume' }).textContent).toBe('Choose a range');
    expect(screen.getByRole('combobox', { name: 'Preferred currency' }).textContent).toBe('Pound sterling (GBP)');
  });

  it('show the error on the trigger, marked invalid and described by the message', async () => {
    const { user, submitted } = renderSelects({ volume: '', currency: 'gbp' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const trigger = screen.getByRole('combobox', { name: 'Expected monthly volume' });
    await waitFor(() => expect(trigger.getAttribute('aria-invalid')).toBe('true'));
    expect(describedErrorOf(trigger)).toBe('Choose a range');
    expect(screen.getByRole('combobox', { name: 'Preferred currency' }).getAttribute('aria-invalid')).toBe('false');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('carry the chosen options through to the submitted values', async () => {
    const { user, submitted } = renderSelects({ volume: '', currency: 'gbp' });
    await user.click(screen.getByRole('combobox', { name: 'Expected monthly volume' }));
    await user.click(await screen.findByRole('option', { name: '$10k–$100k' }));
    await user.click(screen.getByRole('combobox', { name: 'Preferred currency' }));
    await user.click(await screen.findByRole('option', { name: 'Euro (EUR)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ volume: '$10k–$100k', currency: 'eur' }));
  });

  it('name the trigger by triggerLabel where one is given', () => {
    renderForm<Values>(zodResolver(schema), { volume: '', currency: 'gbp' }, (control) => (
      <SelectField control={control} name="volume" label="Loader" triggerLabel="Loader type" options={['Spinner']} />
    ));
    expect(screen.getByRole('combobox', { name: 'Loader type' })).toBeTruthy();
  });
});
