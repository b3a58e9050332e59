import { THEME_MODE_LABEL, THEME_MODES, type ThemeMode } from '@rampart/shared/themes';
import { Badge } from '@/components/ui/badge';
import { SegmentedControl } from '@/components/ui/segmented-control';

/** Light or dark colours, each with its count of contrast warnings (in its accessible name too). */
export function ColourSetSwitch({
  mode,
  onChange,
  issueCount,
}: {
  mode: ThemeMode;
  onChange: (mode: ThemeMode) => void;
  issueCount: Record<ThemeMode, number>;
}) {
  return (
    <SegmentedControl
      label="Colour set"
      value={mode}
      onChange={onChange}
      options={THEME_MODES.map((key) => ({
        value: key,
        name: issueCount[key] > 0 ? `${THEME_MODE_LABEL[key]}, ${issueCount[key]} contrast ${issueCount[key] === 1 ? 'warning' : 'warnings'}` : undefined,
        label: (
          <>
            {THEME_MODE_LABEL[key]}
            {issueCount[key] > 0 && (
              <Badge variant="warning" className="px-1.5 py-0 text-[0.7rem]" aria-hidden>
                {issueCount[key]}
              </Badge>
            )}
          </>
        ),
      }))}
    />
  );
}
