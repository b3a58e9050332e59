import type { ApolloClient } from '@apollo/client';

// The Apollo client exists only once a signed-in screen has opened (app/signed-in-data.tsx creates it); public
// screens reach it through here without importing Apollo, to drop the previous session's data.

let current: ApolloClient | null = null;

export function rememberSignedInClient(client: ApolloClient): ApolloClient {
  current = client;
  return client;
}

export function signedInClient(): ApolloClient | null {
  return current;
}

/** After a sign-in or a sign-out nothing cached for the previous session stays. */
export async function resetSignedInData(): Promise<void> {
  await current?.clearStore();
}
