import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction, type Location } from 'react-router';

// The question (a Radix AlertDialog with its focus trap and scroll lock) is part of every page, /login included, but
// shows only after an edit: it loads when a screen first reports unsaved edits, before anyone can try to leave.
export const loadUnsavedChangesDialog = () => import('@/components/unsaved-changes-dialog');
const UnsavedChangesDialog = lazy(() => loadUnsavedChangesDialog().then((module) => ({ default: module.UnsavedChangesDialog })));

interface UnsavedChangesRegistry {
  setDirty: (id: string, dirty: boolean) => void;
  confirmDiscard: (action: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesRegistry | null>(null);

/** A step to another path or query (a link, Back, the KYB stepper, a template closing); a hash alone stays on the screen. */
function leavesScreen(current: Location, next: Location): boolean {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/**
 * The screens with unsaved edits, and the one question before losing them: leaving in the app (React Router's blocker,
 * one for the whole app), switching account (`useConfirmDiscard`), and closing or reloading the tab (the browser's own).
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  // A ref, so that a navigation made in the same tick as a save reads the latest registrations.
  const dirtyIds = useRef(new Set<string>());
  const [dirty, setAnyDirty] = useState(false);
  const [pendingSwitch, setPendingSwitch] = useState<(() => void) | null>(null);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirtyIds.current.size > 0 && leavesScreen(currentLocation, nextLocation), []),
  );

  const registry = useMemo<UnsavedChangesRegistry>(
    () => ({
      setDirty: (id, isDirty) => {
        if (isDirty) {
          dirtyIds.current.add(id);
          void loadUnsavedChangesDialog().catch(() => {});
        } else dirtyIds.current.delete(id);
        setAnyDirty(dirtyIds.current.size > 0);
      },
      confirmDiscard: (action) => {
        if (dirtyIds.current.size === 0) action();
        else setPendingSwitch(() => action);
      },
    }),
    [],
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved or discarded meanwhile (a save that moves on at once): let the waiting navigation go.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const leaving = blocker.state === 'blocked' && dirty;
  const switching = pendingSwitch !== null && dirty;
  const open = leaving || switching;
  // Mounted from the first question on, so that it closes with its animation like any dialog.
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      {(open || asked) && (
        <Suspense fallback={null}>
          <UnsavedChangesDialog
            open={open}
            reason={switching ? 'switch' : 'leave'}
            onStay={() => {
              if (blocker.state === 'blocked') blocker.reset();
              setPendingSwitch(null);
            }}
            onDiscard={() => {
              if (blocker.state === 'blocked') blocker.proceed();
              pendingSwitch?.();
              setPendingSwitch(null);
            }}
          />
        </Suspense>
      )}
    </UnsavedChangesContext.Provider>
  );
}

/**
 * Marks the calling screen as holding unsaved edits while `dirty` holds (react-hook-form's `formState.isDirty`, or a
 * comparison with the saved values): leaving it, switching account or closing the tab then asks first. The router's
 * root holds the UnsavedChangesProvider; without one (a component rendered on its own) nothing asks.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  // Before paint: a save that clears the edits closes a question it raised in the same tick before it shows.
  useLayoutEffect(() => {
    if (!registry || !dirty) return;
    registry.setDirty(id, true);
    return () => registry.setDirty(id, false);
  }, [registry, id, dirty]);
}

/** Runs `action` at once when no screen has unsaved edits, else only once the user chooses to discard them. */
export function useConfirmDiscard(): (action: () => void) => void {
  const registry = useContext(UnsavedChangesContext);
  return registry?.confirmDiscard ?? runNow;
}

function runNow(action: () => void) {
  action();
}
