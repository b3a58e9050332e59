import type { Kyb_ApplicationFragment } from '@/gql/graphql';

/** What every step gets from the screen. */
export interface StepProps {
  accountId: string;
  application: Kyb_ApplicationFragment;
  /** The viewer may change the application now (kyb:manage, and it is not with the reviewer). */
  editable: boolean;
  onContinue: () => void;
}
