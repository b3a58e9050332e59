import { LaptopIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useRef } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ThemeButton, type ThemeToggleProps } from '@/components/theme-button';
import { useFocusFirstMenuItem } from '@/hooks/use-menu-on-intent';
import type { ThemeChoice } from '@/lib/theme';

/** The theme menu, loaded by ThemeToggle on first use; it opens at once because that use was a press. */
export default function ThemeMenu({ choice, resolved, onChange, className, focusFirstChoice }: ThemeToggleProps & { focusFirstChoice: boolean }) {
  const content = useRef<HTMLDivElement>(null);
  useFocusFirstMenuItem(content, focusFirstChoice);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <ThemeButton choice={choice} resolved={resolved} className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align="end" className="min-w-36">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={choice} onValueChange={(value) => onChange(value as ThemeChoice)}>
          <DropdownMenuRadioItem value="light">
            <SunIcon aria-hidden /> Light
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <MoonIcon aria-hidden /> Dark
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">
            <LaptopIcon aria-hidden /> System
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
