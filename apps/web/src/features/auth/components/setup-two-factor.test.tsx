import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InitializeOtpMutation } from '@/features/auth/api/two-factor';
import { SetupTwoFactor } from '@/features/auth/components/setup-two-factor';

const setup = { __typename: 'OtpSetup' as const, secret: 'JBSWY3DPEHPK3PXP', qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=' };

function renderAt(path: string) {
  render(
    <MockedProvider mocks={[{ request: { query: InitializeOtpMutation }, result: { data: { initializeOtp: setup } } }]}>
      <MemoryRouter initialEntries={[path]}>
        <SetupTwoFactor />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('SetupTwoFactor', () => {
  it('tells staff sent here by the shell why their staff screens wait for it', async () => {
    renderAt('/setup_2fa?reason=staff');
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    const explanation = screen.getByRole('status');
    expect(explanation.textContent).toContain('Staff screens need two-factor authentication');
    expect(explanation.textContent).toContain('until then, every staff action is refused');
    cleanup();

    // Opened by the user themselves: nothing more to explain.
    renderAt('/setup_2fa');
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.queryByText('Staff screens need two-factor authentication')).toBeNull();
  });
});
