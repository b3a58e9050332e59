import {
  THEME_COLOR_KEYS,
  THEME_COLOR_LABEL,
  THEME_LOADER_TYPE_LABEL,
  THEME_LOADER_TYPES,
  THEME_MODE_LABEL,
  THEME_SYSTEM_FONT_KEYS,
  THEME_SYSTEM_FONTS,
  type ThemeMode,
} from '@rampart/shared/themes';
import { PaletteIcon } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { SelectField } from '@/components/form/select-field';
import { InputField } from '@/components/form/input-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ColorField } from '@/features/themes/components/color-field';
import type { ThemeDraft } from '@/features/themes/lib/theme-draft';

// The editor's cards. Each reads and writes the theme draft through the form around it (react-hook-form context).

/** The contrast warnings of one field of the draft, as sentences. */
export type WarningsOf = (field: string) => string[];

export function ThemeNameCard() {
  const form = useFormContext<ThemeDraft>();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Name</CardTitle>
        <CardDescription>For your team; customers do not see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <InputField control={form.control} name="name" label="Theme name" itemClassName="max-w-sm" autoComplete="off" maxLength={60} />
      </CardContent>
    </Card>
  );
}

/** The colours of one set (light or dark), each with its contrast warnings. */
export function ThemeColoursCard({ mode, warningsOf }: { mode: ThemeMode; warningsOf: WarningsOf }) {
  return (
    <Card role="group" aria-label={`Colours: ${THEME_MODE_LABEL[mode]}`}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <PaletteIcon className="size-4 text-muted-foreground" aria-hidden />
          Colours · {THEME_MODE_LABEL[mode].toLowerCase()}
        </CardTitle>
        <CardDescription>
          Text and buttons need AA contrast (4.5:1 for text, 3:1 for the button against the card). A pair below it is flagged under its colour; you can still
          save.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        {THEME_COLOR_KEYS.map((key) => (
          <ColorField
            key={`${mode}.${key}`}
            name={`${mode}.${key}`}
            label={THEME_COLOR_LABEL[key].label}
            description={THEME_COLOR_LABEL[key].description}
            warnings={warningsOf(`${mode}.${key}`)}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** A system font, or a web font by family name and stylesheet URL from an allowed host. */
export function ThemeFontCard({ allowedFontHosts, readOnly }: { allowedFontHosts: readonly string[]; readOnly: boolean }) {
  const form = useFormContext<ThemeDraft>();
  const fontSource = useWatch({ control: form.control, name: 'fontSource' });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Font</CardTitle>
        <CardDescription>
          A system font needs no download. A web font loads from its stylesheet, which must come over https from a host the provider allows.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RadioGroupField
          control={form.control}
          name="fontSource"
          label="Kind of font"
          className="flex flex-wrap gap-4"
          options={[
            { value: 'system', label: 'System font' },
            { value: 'web', label: 'Web font' },
          ]}
        />
        {fontSource === 'system' ? (
          <SelectField
            control={form.control}
            name="systemFont"
            label="System font"
            itemClassName="max-w-sm"
            options={THEME_SYSTEM_FONT_KEYS.map((key) => ({ value: key, label: THEME_SYSTEM_FONTS[key].label }))}
            triggerClassName="w-full"
            disabled={readOnly}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            <InputField
              control={form.control}
              name="webFontFamily"
              label="Family name"
              description="As the stylesheet names it."
              placeholder="Inter"
              autoComplete="off"
              spellCheck={false}
              maxLength={60}
            />
            <InputField
              control={form.control}
              name="webFontUrl"
              label="Stylesheet URL"
              description={<>Allowed hosts: {allowedFontHosts.join(', ')}.</>}
              type="url"
              inputMode="url"
              placeholder={`https://${allowedFontHosts[0] ?? 'fonts.googleapis.com'}/css2?family=Inter`}
              autoComplete="off"
              spellCheck={false}
              maxLength={500}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The splash screen of one colour set and the loader shown on it. */
export function ThemeSplashCard({ mode, readOnly, warningsOf }: { mode: ThemeMode; readOnly: boolean; warningsOf: WarningsOf }) {
  const form = useFormContext<ThemeDraft>();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Splash screen · {THEME_MODE_LABEL[mode].toLowerCase()}</CardTitle>
        <CardDescription>
          Shown while the widget starts. The loader needs 3:1 contrast against its background. To see it, turn on “Preview splash screen” in the preview.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
          <ColorField key={`${mode}Background`} name={`splashScreen.${mode}Background`} label="Splash background" warnings={[]} />
          <ColorField key={`${mode}Loader`} name={`splashScreen.${mode}Loader`} label="Loader" warnings={warningsOf(`splashScreen.${mode}Loader`)} />
        </div>
        <SelectField
          control={form.control}
          name="splashScreen.loaderType"
          label="Loader"
          triggerLabel="Loader type"
          itemClassName="max-w-sm"
          triggerClassName="w-full"
          options={THEME_LOADER_TYPES.map((key) => ({ value: key, label: THEME_LOADER_TYPE_LABEL[key] }))}
          disabled={readOnly}
        />
      </CardContent>
    </Card>
  );
}
