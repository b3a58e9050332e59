import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TAB_LABEL, TABS, type Tab } from '@/features/transactions/lib/search-params';

/** The five lists (on-ramp, off-ramp, swaps, NFT, balance) as links; the shown one is filled. */
export function TransactionTypeNav({ tab }: { tab: Tab }) {
  return (
    <nav aria-label="Transaction types" className="flex flex-wrap gap-2">
      {TABS.map((t) => (
        <Button key={t} asChild size="sm" variant={t === tab ? 'default' : 'outline'}>
          <Link to={`/transactions/${t}`}>{TAB_LABEL[t]}</Link>
        </Button>
      ))}
    </nav>
  );
}
