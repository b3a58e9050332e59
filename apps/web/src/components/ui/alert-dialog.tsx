import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { buttonVariants } from '@/components/ui/button';
import { DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { slotted } from '@/components/ui/slotted';
import { cn } from '@/lib/utils';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg sm:max-w-lg',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

// A confirmation is laid out as a dialog is.
export const AlertDialogHeader = DialogHeader;
export const AlertDialogFooter = DialogFooter;

export const AlertDialogTitle = slotted(AlertDialogPrimitive.Title, undefined, 'text-lg font-semibold');

export const AlertDialogDescription = slotted(AlertDialogPrimitive.Description, undefined, 'text-sm text-muted-foreground');

export function AlertDialogAction({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}

export interface AlertDialogFrameProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog keeps its own open state. */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  descriptionClassName?: string;
  cancelLabel?: React.ReactNode;
  cancelDisabled?: boolean;
  /** The confirming button: an AlertDialogAction closes the dialog as it is clicked, a Button leaves that to the caller. */
  action: React.ReactNode;
  /** Shown between the words and the buttons, such as the error of a failed attempt. */
  children?: React.ReactNode;
}

/** The frame of a confirmation (title, words, cancel and one confirming button), for a confirmation that runs its change its own way. */
export function AlertDialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName,
  cancelLabel = 'Cancel',
  cancelDisabled,
  action,
  children,
}: AlertDialogFrameProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancelDisabled}>{cancelLabel}</AlertDialogCancel>
          {action}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
