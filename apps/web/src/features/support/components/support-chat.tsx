import { useMutation, useQuery } from '@apollo/client/react';
import { LifeBuoyIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { getRuntimeConfig } from '@/config/runtime-config';
import { SupportCreateContactMutation, SupportUserHashQuery } from '@/features/support/api/support';
import { loadIntercom, shutdownIntercom } from '@/features/support/lib/intercom';
import { rememberRecordedContact, wasContactRecorded } from '@/features/support/lib/recorded-contact';
import { supportContactKey, supportIdentity, type SupportIdentity } from '@/features/support/lib/support-identity';
import type { Support_AccountFragment } from '@/gql/graphql';
import { onConsent } from '@/lib/consent';

interface SupportChatProps {
  user: { id: string; email: string; name: string } | null;
  /** The selected account the user is a member of; null while loading or for staff-opened accounts. */
  account: Support_AccountFragment | null;
}

/**
 * Spec §1/§5: after the user and account are loaded, records the support contact once and, when every identity
 * field is present and the plan is not Free, shows the chat — Intercom with an app id, else our own launcher.
 */
export function SupportChat({ user, account }: SupportChatProps) {
  const accountId = account?.id ?? null;
  const { data } = useQuery(SupportUserHashQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId || !user });
  const [createContact] = useMutation(SupportCreateContactMutation);
  const recorded = useRef<string | null>(null);
  const { intercomAppId } = getRuntimeConfig();

  const contact = {
    accountId,
    email: user?.email,
    name: user?.name,
    organizationName: account?.organization.name,
  };
  const contactKey = supportContactKey(contact);

  useEffect(() => {
    if (!contactKey || recorded.current === contactKey || !user || !account) return;
    recorded.current = contactKey;
    // Once per user and account (and again only when the contact changed), not on every page load.
    if (wasContactRecorded(user.id, account.id, contactKey)) return;
    rememberRecordedContact(user.id, account.id, contactKey);
    createContact({
      variables: { email: user.email, name: user.name, companyName: account.organization.name, companyId: account.id },
    }).catch((error: unknown) => {
      recorded.current = null;
      rememberRecordedContact(user.id, account.id, null);
      console.info('Could not record the support contact', error);
    });
  }, [contactKey, user, account, createContact]);

  const identity = supportIdentity({
    ...contact,
    userId: user?.id,
    userHash: data?.userHash.userHash,
    plan: account?.organization.subscriptionPlanType,
  });

  // The identity object is rebuilt on each render; its serialized value decides when Intercom must update.
  const identityKey = identity ? JSON.stringify(identity) : null;
  useEffect(() => {
    if (!identityKey || !intercomAppId) return;
    // Intercom sets its cookies: it loads only once the support-chat category is accepted (lib/consent.ts).
    const unsubscribe = onConsent('supportChat', () => loadIntercom(intercomAppId, JSON.parse(identityKey) as SupportIdentity));
    return () => {
      unsubscribe();
      shutdownIntercom();
    };
  }, [intercomAppId, identityKey]);

  if (!identity || intercomAppId) return null;
  return <LazySupportLauncher identity={identity} />;
}

// The launcher's popover, its forms and their zod rules load when the button is first pointed at, focused or pressed:
// every signed-in screen shows the button, few visits open it.
const loadLauncher = () => import('@/features/support/components/support-launcher');
const SupportLauncher = lazy(() => loadLauncher().then((module) => ({ default: module.SupportLauncher })));

/** The header's Support button; the first press loads the launcher and opens it. */
function LazySupportLauncher({ identity }: { identity: SupportIdentity }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadLauncher().catch(() => {});
  // The same button as the launcher's own trigger (support-launcher.tsx), so nothing moves when it takes over.
  const button = (
    <Button
      variant="ghost"
      className="size-9 px-0 xl:w-auto xl:px-3"
      aria-label="Support"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
    >
      <LifeBuoyIcon aria-hidden />
      <span className="hidden xl:inline">Support</span>
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SupportLauncher identity={identity} initiallyOpen />
    </Suspense>
  );
}
