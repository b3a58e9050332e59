import type { SavedThemeConfig } from '@/features/themes/lib/theme-draft';

/** A theme at a glance: its button colour on its card, light and dark (decorative; the name says which theme). */
export function ThemeSwatches({ config }: { config: SavedThemeConfig }) {
  return (
    <span className="flex shrink-0 gap-1" aria-hidden>
      {(['light', 'dark'] as const).map((mode) => (
        <span key={mode} className="flex size-7 items-center justify-center rounded-md border" style={{ background: config[mode].surface }}>
          <span className="size-3.5 rounded-full" style={{ background: config[mode].primary }} />
        </span>
      ))}
    </span>
  );
}
