import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KybStepper } from '@/features/kyb/components/kyb-stepper';
import type { KybStepKey, KybStepState } from '@/gql/graphql';

const STEPS: Array<{ key: KybStepKey; title: string; state: KybStepState }> = [
  { key: 'companyDetails', title: 'Company details', state: 'completed' },
  { key: 'ownership', title: 'Ownership', state: 'completed' },
  { key: 'documents', title: 'Documents', state: 'actionRequired' },
  { key: 'questionnaire', title: 'Questionnaire', state: 'inProgress' },
  { key: 'review', title: 'Review and submit', state: 'notStarted' },
];

describe('KybStepper', () => {
  it('shows each step with its state in words, marks the current one, and opens any step', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<KybStepper steps={STEPS} active="documents" onSelect={onSelect} />);
    const nav = screen.getByRole('navigation', { name: 'Verification steps' });
    // The accessible names (the step number and icons are decoration).
    for (const name of [
      'Company details Completed',
      'Ownership Completed',
      'Documents Action required',
      'Questionnaire In progress',
      'Review and submit Not started',
    ]) {
      expect(within(nav).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(nav).getAllByRole('button')).toHaveLength(5);
    expect(within(nav).getByRole('button', { current: 'step' }).textContent).toContain('Documents');
    expect(within(nav).getByText('2 of 4 steps completed')).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: /Review and submit/ }));
    expect(onSelect).toHaveBeenCalledWith('review');
  });
});
