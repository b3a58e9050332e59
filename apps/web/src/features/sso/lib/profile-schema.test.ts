import { describe, expect, it } from 'vitest';
import { humanizeProperty, profileFieldsOf, profileFormSchema, profileFormValues, profileUpdateOf } from './profile-schema';

const self = (action: string) => [{ principal: 'SELF', action }];

// The shape Okta documents for GET /idp/myaccount/profile/schema (and the development provider answers).
const properties = {
  login: { title: 'Username', type: 'string', required: true, minLength: 5, maxLength: 254, permissions: self('READ_ONLY') },
  email: { title: 'Primary email', type: 'string', required: true, format: 'email', permissions: self('READ_ONLY') },
  firstName: { title: 'First name', type: 'string', required: true, minLength: 1, maxLength: 100, permissions: self('READ_WRITE') },
  displayName: { title: 'Display name', type: 'string', maxLength: 100, permissions: self('READ_WRITE') },
  locale: {
    type: 'string',
    oneOf: [
      { const: 'en_US', title: 'English (US)' },
      { const: 'de_DE', title: 'Deutsch' },
    ],
    permissions: self('READ_WRITE'),
  },
  employeeNumber: { title: 'Employee number', type: 'string', permissions: self('HIDE') },
  isAdmin: { title: 'Admin', type: 'boolean', permissions: self('READ_WRITE') },
};

describe('the profile schema as form fields', () => {
  const fields = profileFieldsOf(properties);

  it('keeps text properties in order, leaves hidden and non-text ones out, and reads the user’s own permission', () => {
    expect(fields.map((field) => [field.name, field.label, field.editable])).toEqual([
      ['login', 'Username', false],
      ['email', 'Primary email', false],
      ['firstName', 'First name', true],
      ['displayName', 'Display name', true],
      ['locale', 'Locale', true],
    ]);
    expect(fields.find((field) => field.name === 'locale')?.choices).toEqual([
      { value: 'en_US', label: 'English (US)' },
      { value: 'de_DE', label: 'Deutsch' },
    ]);
    expect(humanizeProperty('honorificPrefix')).toBe('Honorific prefix');
    expect(profileFieldsOf({ nickName: { type: 'string', mutability: 'READ_ONLY' } })[0]).toMatchObject({ label: 'Nick name', editable: false });
  });

  it('checks the schema’s limits on editable fields only', () => {
    const schema = profileFormSchema(fields);
    expect(schema.safeParse({ firstName: 'Ada', displayName: '', locale: 'de_DE' }).success).toBe(true);
    const result = schema.safeParse({ firstName: '  ', displayName: 'x'.repeat(101), locale: 'fr_FR' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'Enter your first name'],
      ['displayName', 'Display name can be at most 100 characters'],
      ['locale', 'Choose one of the listed values'],
    ]);
  });

  it('starts from the profile and sends every editable field, an empty optional one as null', () => {
    const values = profileFormValues(fields, { login: 'ada@example.com', email: 'ada@example.com', firstName: 'Ada', displayName: null, locale: 'en_US' });
    expect(values).toEqual({ login: 'ada@example.com', email: 'ada@example.com', firstName: 'Ada', displayName: '', locale: 'en_US' });
    expect(profileUpdateOf(fields, { ...values, firstName: ' Ada ', displayName: '' })).toEqual({ firstName: 'Ada', displayName: null, locale: 'en_US' });
  });
});
