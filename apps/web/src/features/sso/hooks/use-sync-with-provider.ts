import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { SsoSyncUserMutation } from '@/features/sso/api/account';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';

/**
 * After the name or primary e-mail changed at the provider: renews the tokens (the new ID token carries the new
 * claims) and has Rampart copy them, so the header and teammates see the change. A failure is told in a toast —
 * the change itself is saved at the provider either way.
 */
export function useSyncWithProvider(client: MyAccountClient | null): () => Promise<void> {
  const [sync] = useMutation(SsoSyncUserMutation);
  return useCallback(async () => {
    if (!client) return;
    try {
      const idToken = await client.renewIdToken();
      await sync({ variables: { idToken } });
    } catch (caught) {
      const reason = caught instanceof MyAccountError ? caught.message : describeApiError(caught).message;
      toast({ variant: 'destructive', title: 'Saved at your identity provider; Rampart still shows the old details', description: `${reason} They are copied at your next sign-in.` });
    }
  }, [client, sync]);
}
