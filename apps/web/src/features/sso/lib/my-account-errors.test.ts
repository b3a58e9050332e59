import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, MISSING_ACCESS_TOKEN, MyAccountError, toMyAccountError } from './my-account-errors';

/** What okta-auth-js's AuthApiError carries: the body's fields, the response (xhr) and, for a step-up, meta. */
function apiError(status: number, body: Record<string, unknown>, meta?: Record<string, unknown>) {
  return Object.assign(new Error(typeof body.errorSummary === 'string' ? body.errorSummary : ''), {
    name: 'AuthApiError',
    ...body,
    xhr: { status, responseText: JSON.stringify(body), headers: {} },
    ...(meta ? { meta } : {}),
  });
}

describe('errorCauses as field messages', () => {
  it('reads location, or Okta’s "field: message" summaries, and keeps the rest apart', () => {
    expect(
      fieldErrorsOf([
        { errorSummary: 'firstName: First name is required.', location: 'firstName', reason: 'INVALID' },
        { errorSummary: 'lastName: Last name has at most 100 characters.' },
        { errorSummary: 'This code has expired. Send a new code.', location: 'profile.verificationCode' },
        { errorSummary: 'Sign in again: this change needs a recent sign-in.' },
      ]),
    ).toEqual({
      fields: {
        firstName: 'First name is required.',
        lastName: 'Last name has at most 100 characters.',
        verificationCode: 'This code has expired. Send a new code.',
      },
      general: ['Sign in again: this change needs a recent sign-in.'],
    });
    expect(fieldErrorsOf([{ errorSummary: 'Something general happened.' }])).toEqual({ fields: {}, general: ['Something general happened.'] });
    expect(fieldErrorsOf(undefined)).toEqual({ fields: {}, general: [] });
  });
});

describe('account-management failures in words', () => {
  it('a missing access token is the spec’s message, whether okta-auth-js or the provider says it', () => {
    const sdk = Object.assign(new Error(MISSING_ACCESS_TOKEN), { name: 'AuthSdkError', errorSummary: MISSING_ACCESS_TOKEN });
    expect(toMyAccountError(sdk, 'idp.example')).toMatchObject({ kind: 'missing-token', message: MISSING_ACCESS_TOKEN });
    expect(toMyAccountError(apiError(401, { errorCode: 'E0000011', errorSummary: MISSING_ACCESS_TOKEN }), 'idp.example').kind).toBe('missing-token');
  });

  it('a 403 insufficient_authentication_context is a step-up with the max_age to ask for', () => {
    const error = toMyAccountError(
      apiError(
        403,
        { errorSummary: 'insufficient_authentication_context', errorCauses: [{ errorSummary: 'The resource request requires a more recent authentication' }] },
        { max_age: 900 },
      ),
      'idp.example',
    );
    expect(error).toMatchObject({ kind: 'step-up', maxAge: 900, acrValues: null, message: 'The resource request requires a more recent authentication' });
  });

  it('a refused token can be renewed; validation errors keep their fields; a gone resource is not-found', () => {
    expect(
      toMyAccountError(apiError(401, { errorCode: 'E0000011', errorSummary: 'Invalid token provided: The access token has expired.' }), 'idp.example').kind,
    ).toBe('invalid-token');
    const invalid = toMyAccountError(
      apiError(400, {
        errorCode: 'E0000001',
        errorSummary: 'The verification code is not correct.',
        errorCauses: [{ errorSummary: 'verificationCode: This code is not correct.', location: 'verificationCode' }],
      }),
      'idp.example',
    );
    expect(invalid).toMatchObject({
      kind: 'request',
      status: 400,
      message: 'The verification code is not correct.',
      fields: { verificationCode: 'This code is not correct.' },
    });
    expect(toMyAccountError(apiError(404, { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' }), 'idp.example').kind).toBe(
      'not-found',
    );
  });

  it('network and server failures name the provider instead of "Unknown error"', () => {
    expect(
      toMyAccountError(Object.assign(new Error('Failed to fetch'), { name: 'AuthApiError', errorSummary: 'Failed to fetch' }), 'idp.example').message,
    ).toBe('Could not reach your identity provider (idp.example): Failed to fetch');
    expect(toMyAccountError(new TypeError('emails.map is not a function'), 'idp.example').message).toBe(
      'Your identity provider (idp.example) answered in a way Rampart could not read: emails.map is not a function',
    );
    expect(toMyAccountError(apiError(502, { errorSummary: 'Unknown error' }), 'idp.example').message).toBe(
      'Your identity provider (idp.example) could not complete the request (HTTP 502). Try again in a moment.',
    );
    const already = new MyAccountError('request', 'Already said.');
    expect(toMyAccountError(already, 'idp.example')).toBe(already);
  });
});
