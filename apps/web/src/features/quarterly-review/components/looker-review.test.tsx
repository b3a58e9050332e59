import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuarterlyReviewLookerQuery } from '@/features/quarterly-review/api/quarterly-review';
import { LookerReview } from '@/features/quarterly-review/components/looker-review';

const URL = 'https://looker.example.test/login/embed/%2Fembed%2Fdashboards%2F20?nonce=%22n%22&signature=s';

let answered = 0;

function renderWith(url: string | null) {
  const mock = {
    request: { query: QuarterlyReviewLookerQuery, variables: { accountId: 'acc-1' } },
    result: () => {
      answered += 1;
      return { data: { lookerEmbedUrl: url } };
    },
  };
  return render(
    <MockedProvider mocks={[mock]}>
      <LookerReview accountId="acc-1" />
    </MockedProvider>,
  );
}

describe('LookerReview', () => {
  afterEach(cleanup);

  it('frames the signed quarterly review dashboard, kept out of the PDF', async () => {
    renderWith(URL);
    const frame = await screen.findByTitle('Looker: Quarterly review');
    expect(frame.getAttribute('src')).toBe(URL);
    const section = screen.getByRole('region', { name: 'Looker dashboard' });
    expect(section.getAttribute('data-print')).toBe('hide');
    expect(section.textContent).toContain('not by the quarter chosen above');
  });

  it('shows nothing without a quarterly review dashboard', async () => {
    const before = answered;
    const { container } = renderWith(null);
    await waitFor(() => expect(answered).toBe(before + 1));
    await act(async () => {});
    expect(container.innerHTML).toBe('');
  });
});
