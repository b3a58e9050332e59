import * as React from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';

// The classic shadcn use-toast (spec §2, §9): one visible toast, a new one replaces the old,
// a dismissed toast is removed from memory after 1,000,000 ms.

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

/** Where on the screen the button a toast answers was when the toast was made (viewport pixels). */
export interface ToastAnchor {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
  anchor?: ToastAnchor | null;
};

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

/** Pure: the state after an action. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { ...state, toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      return {
        ...state,
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: ToastState) => void> = [];
let memoryState: ToastState = { toasts: [] };

function dispatch(action: ToastAction): void {
  // Side effect kept out of the reducer: dismissed toasts are queued for removal.
  if (action.type === 'DISMISS_TOAST') {
    if (action.toastId) addToRemoveQueue(action.toastId);
    else memoryState.toasts.forEach((t) => addToRemoveQueue(t.id));
  }
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

export type ToastInput = Omit<ToasterToast, 'id' | 'anchor'>;

/** Whether two boxes on the screen share any area. */
export function boxesOverlap(a: ToastAnchor, b: ToastAnchor): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function boxOf(element: Element): ToastAnchor {
  const { top, right, bottom, left } = element.getBoundingClientRect();
  return { top, right, bottom, left };
}

// The control last pressed, by pointer or keyboard (Safari does not focus a clicked button, so focus alone is not
// enough), and where it was then: a save bar that closes on success takes its button away before the toast shows.
let lastPressed: { control: Element; box: ToastAnchor } | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('button, a, [role="button"], input[type="submit"]') : null;
      lastPressed = control ? { control, box: boxOf(control) } : null;
    },
    true,
  );
}

/**
 * Where the button a new toast answers is: the one just pressed (where it is now, or was if it has gone), else the
 * focused one. The toaster keeps the toast off it (issue 36).
 */
function answeredControl(): ToastAnchor | null {
  if (typeof document === 'undefined') return null;
  if (lastPressed) return lastPressed.control.isConnected ? boxOf(lastPressed.control) : lastPressed.box;
  const focused = document.activeElement;
  return focused && focused !== document.body ? boxOf(focused) : null;
}

export function toast(props: ToastInput) {
  const id = genId();
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      anchor: answeredControl(),
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

export function useToast() {
  const [state, setState] = React.useState<ToastState>(memoryState);
  React.useEffect(() => {
    listeners.push(setState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
