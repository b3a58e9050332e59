import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { stubResizeObserver } from '@/components/form/form-test-harness';
import { GeographyTab } from '@/features/analytics/components/geography-tab';

stubResizeObserver();

type Data = Parameters<typeof GeographyTab>[0]['data'];

const country = {
  value: 'DE',
  transactionCount: 3,
  completedCount: 3,
  volume: '300',
  share: 1,
  completionRate: 1,
  previousTransactionCount: 0,
  previousVolume: '0',
  volumeChange: null,
};

it('says what the map’s colour means in words true in both themes (dark countries are lighter in the dark theme; issue 36)', () => {
  const data = { currencyCode: 'usd', comparison: 'none', geography: { countries: [country] } } as unknown as Data;
  render(<GeographyTab data={data} />);
  expect(screen.getByText('The stronger a country’s colour, the more completed volume it had.')).toBeTruthy();
  expect(screen.queryByText(/darker|lighter/i)).toBeNull();
});
