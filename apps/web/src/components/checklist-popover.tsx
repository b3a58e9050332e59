import { Slot } from 'radix-ui';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';

export interface ChecklistPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (one element: it becomes the popover's trigger). */
  trigger: ReactElement;
  /** The popover's name, such as "Filter by status". */
  label: string;
  /** The name of the group of options, such as "Statuses". */
  groupLabel: string;
  options: readonly { value: string; label: ReactNode }[];
  checked: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  onClear: () => void;
  onApply: () => void;
  className?: string;
  listClassName?: string;
}

// Radix Popover and Checkbox (with the popper, focus scope and scroll lock) load on the filter button's first point,
// focus or press: lists show the button on their first paint, fewer visits open it (as the shell's menus,
// use-menu-on-intent.ts).
const loadContent = () => import('@/components/checklist-popover-content');
const ChecklistPopoverContent = lazy(loadContent);

/**
 * A filter button opening options to tick (several may be chosen), with Clear and Apply. The caller keeps what is
 * ticked (`checked`) and applies it; Apply closes the popover first.
 */
export function ChecklistPopover(props: ChecklistPopoverProps) {
  const { wanted, triggerProps } = useMenuOnIntent(loadContent, 'dialog');
  if (!wanted && !props.open) {
    return (
      <Slot.Root
        {...triggerProps}
        onClick={(event) => {
          triggerProps.onClick(event);
          props.onOpenChange(true);
        }}
      >
        {props.trigger}
      </Slot.Root>
    );
  }
  return (
    <Suspense fallback={props.trigger}>
      <ChecklistPopoverContent {...props} />
    </Suspense>
  );
}
