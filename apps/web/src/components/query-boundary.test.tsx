import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it, vi } from 'vitest';
import { QueryBoundary } from '@/components/query-boundary';

const failure = new CombinedGraphQLErrors({ errors: [{ message: 'The account was not found.' }] });

describe('QueryBoundary', () => {
  it('shows the skeleton until the first answer, then the data', () => {
    const { rerender } = render(
      <QueryBoundary query={{ data: undefined, loading: true }} errorTitle="Could not load the team" skeleton={<p>Loading the team</p>}>
        {(data: { name: string }) => <p>{data.name}</p>}
      </QueryBoundary>,
    );
    expect(screen.getByText('Loading the team')).toBeTruthy();
    rerender(
      <QueryBoundary query={{ data: { name: 'Acme' }, loading: false }} errorTitle="Could not load the team" skeleton={<p>Loading the team</p>}>
        {(data: { name: string }) => <p>{data.name}</p>}
      </QueryBoundary>,
    );
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.queryByText('Loading the team')).toBeNull();
  });

  it('shows the "Could not load" alert with the server’s reason, and asks again on Try again', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn(() => Promise.reject(new Error('still down')));
    render(
      <QueryBoundary query={{ data: undefined, loading: false, error: failure, refetch }} errorTitle="Could not load the team">
        {() => <p>never</p>}
      </QueryBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the team');
    expect(alert.textContent).toContain('The account was not found.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('never')).toBeNull();
  });

  it('keeps showing data it already has when a refetch fails', () => {
    render(
      <QueryBoundary query={{ data: { name: 'Acme' }, loading: false, error: failure }} errorTitle="Could not load the team">
        {(data: { name: string }) => <p>{data.name}</p>}
      </QueryBoundary>,
    );
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
