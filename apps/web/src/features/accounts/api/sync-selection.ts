import { graphql } from '@/gql';

/** Remembers the account the user chose, so their next device opens it (me leads with it). */
export const AccountsSyncSelectionMutation = graphql(`
  mutation Accounts_SyncSelection($accountId: ID!) {
    syncUserWithAccount(accountId: $accountId) {
      id
      lastSelectedAccountId
    }
  }
`);
