import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { boxesOverlap, useToast, type ToastAnchor } from '@/hooks/use-toast';

/**
 * A toast shows in its usual place (bottom right; top on a phone) unless there it would cover the button it answers,
 * such as a form's save button near the bottom of the screen: then at the other edge (issue 36).
 */
function keepOff(toast: HTMLElement | null, anchor: ToastAnchor | null | undefined) {
  const viewport = toast?.parentElement;
  if (!toast || !viewport) return;
  delete viewport.dataset.flipped;
  if (anchor && boxesOverlap(toast.getBoundingClientRect(), anchor)) viewport.dataset.flipped = '';
}

export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, anchor, ...props }) => (
        <Toast key={id} ref={(node) => keepOff(node, anchor)} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
