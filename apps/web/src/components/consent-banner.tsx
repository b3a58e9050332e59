import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { needsConsentBanner, storeConsent } from '@/lib/analytics';

/** Asks for analytics consent; shown only when a GA4 measurement id is configured and no answer is stored. */
export function ConsentBanner() {
  const [visible, setVisible] = useState(needsConsentBanner);
  if (!visible) return null;
  const answer = (state: 'accepted' | 'declined') => {
    storeConsent(state);
    setVisible(false);
  };
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-2xl flex-col gap-3 rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">We use analytics cookies to understand how the dashboard is used. They are only set if you accept.</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => answer('declined')}>
          Decline
        </Button>
        <Button size="sm" onClick={() => answer('accepted')}>
          Accept
        </Button>
      </div>
    </section>
  );
}
