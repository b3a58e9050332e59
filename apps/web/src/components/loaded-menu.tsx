import { useRef, type ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useFocusFirstMenuItem } from '@/hooks/use-menu-on-intent';

/**
 * The menu a button loads on first use (`useMenuOnIntent`): it opens at once because that use was a press, and focuses
 * its first item when the press was a key. A heading, a separator, then the items.
 */
export function LoadedMenu({
  trigger,
  heading,
  headingClassName,
  align,
  className,
  focusFirstItem,
  children,
}: {
  /** The same button the screen showed before the menu loaded. */
  trigger: ReactNode;
  heading: ReactNode;
  headingClassName?: string;
  align: 'start' | 'end';
  className: string;
  focusFirstItem: boolean;
  children: ReactNode;
}) {
  const content = useRef<HTMLDivElement>(null);
  useFocusFirstMenuItem(content, focusFirstItem);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align={align} className={className}>
        <DropdownMenuLabel className={headingClassName}>{heading}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
