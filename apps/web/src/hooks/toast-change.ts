import { toast, type ToastInput } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';

/**
 * Runs a change made outside a form (a switch, a row's button, a confirmed removal) and says in a toast how it went:
 * `done` once it resolves, or the server's words under `failedTitle`. Resolves to whether the change went through.
 */
export async function toastChange(change: () => Promise<unknown>, done: ToastInput, failedTitle: string): Promise<boolean> {
  try {
    await change();
    toast(done);
    return true;
  } catch (caught) {
    toast({ variant: 'destructive', title: failedTitle, description: describeApiError(caught).message });
    return false;
  }
}
