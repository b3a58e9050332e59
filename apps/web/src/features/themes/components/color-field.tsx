import { TriangleAlertIcon } from 'lucide-react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { ThemeDraft } from '@/features/themes/lib/theme-draft';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** The picker needs "#rrggbb": a short or unfinished hex shows as its expansion, or black while being typed. */
function pickerValue(value: string): string {
  const trimmed = value.trim();
  if (HEX6.test(trimmed)) return trimmed.toLowerCase();
  if (HEX3.test(trimmed)) return `#${trimmed[1]}${trimmed[1]}${trimmed[2]}${trimmed[2]}${trimmed[3]}${trimmed[3]}`.toLowerCase();
  return '#000000';
}

/**
 * One colour of the theme: the browser's colour picker and a hex field on the same value, with its description and,
 * when a pair with this colour fails AA, the warning right below it (a live region, so it is announced as it appears).
 */
export function ColorField({ name, label, description, warnings }: { name: FieldPath<ThemeDraft>; label: string; description?: string; warnings: string[] }) {
  const form = useFormContext<ThemeDraft>();
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <FormItem className="scroll-mt-24 scroll-mb-24 gap-1.5" data-testid={`color-${name}`}>
            <FormLabel>{label}</FormLabel>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={`${label}: colour picker`}
                value={pickerValue(value)}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed disabled:opacity-60"
              />
              <FormControl>
                <Input
                  {...field}
                  value={value}
                  inputMode="text"
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={7}
                  className="w-28 font-mono"
                  placeholder="#RRGGBB"
                />
              </FormControl>
            </div>
            {description && <FormDescription className="text-xs">{description}</FormDescription>}
            <FormMessage />
            <div role="status" className="empty:-mt-1.5">
              {warnings.map((warning) => (
                <p key={warning} className="flex items-start gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
                  <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
                  <span>{warning}</span>
                </p>
              ))}
            </div>
          </FormItem>
        );
      }}
    />
  );
}
