import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SsoRequirementQuery } from '@/features/sso/api/require-sso';
import { RequireSsoCard } from '@/features/sso/components/require-sso-card';
import { selectedAccountIdVar } from '@/lib/local-state';

const requirement = {
  request: { query: SsoRequirementQuery, variables: { accountId: 'acc_1' } },
  result: {
    data: {
      account: {
        __typename: 'Account' as const,
        id: 'acc_1',
        organization: { __typename: 'Organization' as const, id: 'org_1', name: 'Dev Labs Ltd', requireSso: false },
      },
      currentSession: { __typename: 'ActiveSession' as const, id: 'ses_1', authMethod: 'sso' },
    },
  },
};

afterEach(() => selectedAccountIdVar(null));

describe('RequireSsoCard', () => {
  it('says what requiring SSO does about a second factor: Rampart asks the provider for none', async () => {
    selectedAccountIdVar('acc_1');
    render(
      <MockedProvider mocks={[requirement]}>
        <RequireSsoCard />
      </MockedProvider>,
    );
    expect(await screen.findByText(/^Off: the members of Dev Labs Ltd/)).toBeTruthy();
    const description = screen.getByText(/^Members sign in to Rampart only through your identity provider/).textContent ?? '';
    expect(description).not.toContain('its second factor');
    expect(description).toContain('Rampart does not make it ask for a second factor');
    expect(description).toContain('a member without Rampart two-factor authentication signs in with whatever your provider asks');
    expect(description).toContain('also enters their Rampart code, unless the provider reports a multi-factor sign-in');
  });
});
