import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { SsoSyncUserMutation } from '@/features/sso/api/account';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { describeApiError } from '@/lib/graphql-errors';

/**
 * After the name or primary e-mail changed at the provider: renews the tokens (the new ID token carries the new
 * claims) and has Rampart copy them, so the header and teammates see the change. Answers null, or why Rampart could
 * not copy them (the change itself is saved at the provider either way, and copied again at the next sign-in).
 */
export function useSyncWithProvider(client: MyAccountClient | null): () => Promise<string | null> {
  const [sync] = useMutation(SsoSyncUserMutation);
  return useCallback(async () => {
    if (!client) return null;
    try {
      const idToken = await client.renewIdToken();
      await sync({ variables: { idToken } });
      return null;
    } catch (caught) {
      return caught instanceof MyAccountError ? caught.message : describeApiError(caught).message;
    }
  }, [client, sync]);
}
