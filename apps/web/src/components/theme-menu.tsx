import { LaptopIcon, MoonIcon, SunIcon } from 'lucide-react';
import { LoadedMenu } from '@/components/loaded-menu';
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from '@/components/ui/dropdown-menu';
import { ThemeButton, type ThemeToggleProps } from '@/components/theme-button';
import type { ThemeChoice } from '@/lib/theme';

/** The theme menu, loaded by ThemeToggle on first use. */
export default function ThemeMenu({ choice, resolved, onChange, className, focusFirstChoice }: ThemeToggleProps & { focusFirstChoice: boolean }) {
  return (
    <LoadedMenu
      trigger={<ThemeButton choice={choice} resolved={resolved} className={className} />}
      heading="Theme"
      align="end"
      className="min-w-36"
      focusFirstItem={focusFirstChoice}
    >
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
    </LoadedMenu>
  );
}
