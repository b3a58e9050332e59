import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SsoAccountManagementQuery, SsoCurrentSessionQuery } from '@/features/sso/api/account';
import { useProfileOwner } from '@/features/sso/hooks/use-profile-owner';
import { TEST_SSO_CONFIG } from '@/features/sso/lib/test-sso-config';

const configuration = {
  __typename: 'SsoConfiguration' as const,
  ...TEST_SSO_CONFIG,
  scopes: [...TEST_SSO_CONFIG.scopes, 'okta.myAccount.profile.read'],
};

function session(authMethod: string): MockLink.MockedResponse {
  return { request: { query: SsoCurrentSessionQuery }, result: { data: { currentSession: { __typename: 'ActiveSession', id: 's1', authMethod } } } };
}

function accountManagement(on: boolean): MockLink.MockedResponse {
  return { request: { query: SsoAccountManagementQuery }, result: { data: { ssoConfiguration: { ...configuration, accountManagement: on } } } };
}

function owner(mocks: MockLink.MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;
  return renderHook(() => useProfileOwner(), { wrapper });
}

describe('who owns the profile', () => {
  it('the identity provider, for a session signed in with SSO while account management is on', async () => {
    const { result } = owner([session('sso'), accountManagement(true)]);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.ssoConfig).toMatchObject({ issuer: 'http://localhost:3001', tokenUrl: 'http://localhost:3001/token' });
    expect(result.current.ssoConfig).not.toHaveProperty('accountManagement');
  });

  it('Rampart, for a password sign-in (the provider is not even asked) or with account management off', async () => {
    const password = owner([session('password')]);
    await waitFor(() => expect(password.result.current.loading).toBe(false));
    expect(password.result.current).toEqual({ loading: false, error: null, ssoConfig: null });

    const off = owner([session('sso'), accountManagement(false)]);
    await waitFor(() => expect(off.result.current.loading).toBe(false));
    expect(off.result.current.ssoConfig).toBeNull();
  });
});
