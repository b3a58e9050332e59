import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';

interface Values {
  name: string;
  allowedDomains: string;
}

function badInput(fields: Record<string, string>) {
  return new CombinedGraphQLErrors({
    errors: [{ message: 'The input is not valid.', extensions: { code: 'BAD_USER_INPUT', fields } }],
  });
}

function collect() {
  const set: Record<string, string | undefined> = {};
  return { set, form: { setError: (field: string, error: { message?: string }) => (set[field] = error.message) } };
}

describe('applyServerErrors', () => {
  const map = serverFieldMap<Values>('name', 'allowedDomains');

  it('puts a field named plainly, under the input argument, or as an item of a list on the form field of that name', () => {
    const { set, form } = collect();
    const general = applyServerErrors<Values>(form, badInput({ name: 'Too long.', 'input.allowedDomains.3': 'Not a domain: ex ample.com.' }), map);
    expect(set).toEqual({ name: 'Too long.', allowedDomains: 'Not a domain: ex ample.com.' });
    expect(general).toBeNull();
    const again = collect();
    applyServerErrors<Values>(again.form, badInput({ 'input.name': 'Required.' }), map);
    expect(again.set).toEqual({ name: 'Required.' });
  });

  it('returns the general message when a field has no place on the form', () => {
    const { set, form } = collect();
    expect(applyServerErrors<Values>(form, badInput({ 'input.colour': 'Unknown.' }), map)).toBe('The input is not valid.');
    expect(set).toEqual({});
  });
});
