import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ComboboxField } from '@/components/form/combobox-field';
import { CountryField } from '@/components/form/country-field';
import { IndustryField } from '@/components/form/industry-field';
import { describedErrorOf, renderForm } from '@/components/form/form-test-harness';

const schema = z.object({
  country: z.string().min(1, 'Choose a country from the list'),
  industry: z.string().min(1, 'Choose an industry from the list'),
  fruit: z.string().min(1, 'Choose a fruit'),
});
type Values = z.infer<typeof schema>;

function renderComboboxes(defaults: Values) {
  return renderForm<Values>(zodResolver(schema), defaults, (control) => (
    <>
      <CountryField control={control} name="country" label="Country of incorporation" />
      <IndustryField control={control} name="industry" label="Industry" />
      <ComboboxField
        control={control}
        name="fruit"
        label="Fruit"
        options={[
          { value: 'apple', label: 'Apple' },
          { value: 'pear', label: 'Pear' },
        ]}
        listLabel="Fruits"
        noMatch={(query) => `No fruit matches ${query}`}
      />
    </>
  ));
}

describe('ComboboxField and its presets', () => {
  it('label the combobox and show the chosen option by its name', () => {
    renderComboboxes({ country: 'DE', industry: 'Payments', fruit: '' });
    expect(screen.getByRole('combobox', { name: 'Country of incorporation' })).toHaveProperty('value', 'Germany');
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveProperty('value', 'Payments');
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveProperty('value', '');
  });

  it('show the error on the combobox, marked invalid and described by the message', async () => {
    const { user, submitted } = renderComboboxes({ country: '', industry: '', fruit: 'pear' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const country = screen.getByRole('combobox', { name: 'Country of incorporation' });
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    expect(describedErrorOf(country)).toBe('Choose a country from the list');
    expect(describedErrorOf(screen.getByRole('combobox', { name: 'Industry' }))).toBe('Choose an industry from the list');
    expect(screen.getByRole('combobox', { name: 'Fruit' }).getAttribute('aria-invalid')).toBe('false');
    expect(submitted).not.toHaveBeenCalled();
  });

  it('search the list and carry the chosen options through to the submitted values', async () => {
    const { user, submitted } = renderComboboxes({ country: '', industry: '', fruit: 'pear' });
    const country = screen.getByRole('combobox', { name: 'Country of incorporation' });
    await user.type(country, 'germ');
    expect(screen.getByRole('listbox', { name: 'Countries' }).querySelectorAll('[role=option]')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /^Germany/ }));
    expect(country).toHaveProperty('value', 'Germany');
    await user.click(screen.getByRole('combobox', { name: 'Industry' }));
    await user.click(screen.getByRole('option', { name: 'Payments' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ country: 'DE', industry: 'Payments', fruit: 'pear' }));
  });

  it('say when nothing matches, and choose the first match with Enter', async () => {
    const { user, submitted } = renderComboboxes({ country: 'DE', industry: 'Payments', fruit: '' });
    const fruit = screen.getByRole('combobox', { name: 'Fruit' });
    await user.type(fruit, 'kiwi');
    expect(screen.getByRole('listbox', { name: 'Fruits' }).textContent).toBe('No fruit matches kiwi');
    await user.clear(fruit);
    await user.type(fruit, 'pe{Enter}');
    expect(fruit).toHaveProperty('value', 'Pear');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ country: 'DE', industry: 'Payments', fruit: 'pear' }));
  });
});
