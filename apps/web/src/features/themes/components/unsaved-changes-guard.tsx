import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';

/** While `when` holds: leaving the page in the app asks first, and closing or reloading the tab asks the browser's question. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved or discarded meanwhile: let the waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <AlertDialogFrame
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title="Leave without saving?"
      description="Your changes to the theme are not saved. If you leave now, they are lost."
      cancelLabel="Stay and keep editing"
      action={<AlertDialogAction onClick={() => blocker.state === 'blocked' && blocker.proceed()}>Leave and discard</AlertDialogAction>}
    />
  );
}
