import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Form } from '@/components/ui/form';
import { ColourSetSwitch } from '@/features/themes/components/colour-set-switch';
import { ThemeColoursCard, ThemeFontCard, ThemeSplashCard } from '@/features/themes/components/theme-cards';
import { ThemeConflictAlert } from '@/features/themes/components/theme-conflict-alert';
import { ThemeEditorHeader } from '@/features/themes/components/theme-editor-header';
import { ThemeSaveBar } from '@/features/themes/components/theme-save-bar';
import { draftFromTheme, type ThemeDraft } from '@/features/themes/lib/theme-draft';

// Radix radios measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const HOSTS = ['fonts.googleapis.com', 'fonts.bunny.net'];
const draft = draftFromTheme('Brand', generateThemeConfig('#4f46e5'));

function InForm({ children, values = draft }: { children: ReactNode; values?: ThemeDraft }) {
  const form = useForm<ThemeDraft>({ defaultValues: values });
  return <Form {...form}>{children}</Form>;
}

describe('ThemeEditorHeader', () => {
  const theme = {
    name: 'Spring campaign',
    version: 7,
    updatedAt: new Date().toISOString(),
    updatedBy: { __typename: 'ThemeAuthor' as const, id: 'u1', name: 'Ada Lovelace' },
  };

  it('names the active theme with its version and who saved it, and opens the version history', async () => {
    const user = userEvent.setup({ delay: null });
    const onOpenHistory = vi.fn();
    render(<ThemeEditorHeader theme={theme} canManage onOpenHistory={onOpenHistory} onNewTheme={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Spring campaign' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText(/Version 7 · saved by Ada Lovelace/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Version history' }));
    expect(onOpenHistory).toHaveBeenCalledOnce();
  });

  it('offers a new theme to managers only', () => {
    const { rerender } = render(<ThemeEditorHeader theme={theme} canManage onOpenHistory={() => {}} onNewTheme={() => {}} />);
    expect(screen.queryByRole('button', { name: 'New theme' })).toBeTruthy();
    rerender(<ThemeEditorHeader theme={theme} canManage={false} onOpenHistory={() => {}} onNewTheme={() => {}} />);
    expect(screen.queryByRole('button', { name: 'New theme' })).toBeNull();
  });
});

describe('ThemeConflictAlert', () => {
  it("shows the server's message and offers to load their version or keep editing", async () => {
    const user = userEvent.setup({ delay: null });
    const onLoadTheirs = vi.fn();
    const onKeepEditing = vi.fn();
    render(<ThemeConflictAlert message="Version 8 was saved by Grace." onLoadTheirs={onLoadTheirs} onKeepEditing={onKeepEditing} />);
    expect(screen.getByText('Someone else saved this theme')).toBeTruthy();
    expect(screen.getByText('Version 8 was saved by Grace.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load their version' }));
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onLoadTheirs).toHaveBeenCalledOnce();
    expect(onKeepEditing).toHaveBeenCalledOnce();
  });
});

describe('ThemeSaveBar', () => {
  const isDisabled = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name }).disabled;

  it('says all is saved and keeps Discard and Save off while the draft is clean', () => {
    render(<ThemeSaveBar dirty={false} submitting={false} onDiscard={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('All changes saved');
    expect(isDisabled('Discard')).toBe(true);
    expect(isDisabled('Save')).toBe(true);
  });

  it('with unsaved changes offers Discard and Save, and neither while saving', async () => {
    const user = userEvent.setup({ delay: null });
    const onDiscard = vi.fn();
    const { rerender } = render(<ThemeSaveBar dirty submitting={false} onDiscard={onDiscard} />);
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(isDisabled('Save')).toBe(false);
    rerender(<ThemeSaveBar dirty submitting onDiscard={onDiscard} />);
    expect(screen.getAllByRole<HTMLButtonElement>('button').map((button) => button.disabled)).toEqual([true, true]);
  });
});

describe('ColourSetSwitch', () => {
  it('names each set with its count of contrast warnings and reports the chosen one', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<ColourSetSwitch mode="light" onChange={onChange} issueCount={{ light: 1, dark: 3 }} />);
    expect(screen.getByRole('button', { name: 'Light, 1 contrast warning' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Dark, 3 contrast warnings' }));
    expect(onChange).toHaveBeenCalledWith('dark');
  });

  it('names a set without warnings by its label alone', () => {
    render(<ColourSetSwitch mode="dark" onChange={() => {}} issueCount={{ light: 0, dark: 0 }} />);
    expect(screen.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('theme cards', () => {
  it('ThemeFontCard: a system font by its list; choosing a web font asks for its family and stylesheet from the allowed hosts', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <InForm>
        <ThemeFontCard allowedFontHosts={HOSTS} readOnly={false} />
      </InForm>,
    );
    expect(screen.getByRole('combobox', { name: 'System font' })).toBeTruthy();
    expect(screen.queryByLabelText('Stylesheet URL')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Web font' }));
    expect(screen.queryByRole('combobox', { name: 'System font' })).toBeNull();
    expect(screen.getByLabelText('Family name')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Stylesheet URL').placeholder).toBe('https://fonts.googleapis.com/css2?family=Inter');
    expect(screen.getByText('Allowed hosts: fonts.googleapis.com, fonts.bunny.net.')).toBeTruthy();
  });

  it('ThemeColoursCard: the colours of the chosen set, a warning under the colour it concerns', () => {
    const warningsOf = (field: string) => (field === 'dark.primaryText' ? ['Primary text on the background is 2.1:1; AA needs 4.5:1.'] : []);
    render(
      <InForm>
        <ThemeColoursCard mode="dark" warningsOf={warningsOf} />
      </InForm>,
    );
    const group = screen.getByRole('group', { name: 'Colours: Dark' });
    expect(group.textContent).toContain('Colours · dark');
    expect(screen.getAllByText('Primary text on the background is 2.1:1; AA needs 4.5:1.')).toHaveLength(1);
  });

  it('ThemeSplashCard: the splash colours of the chosen set and the loader type', () => {
    render(
      <InForm>
        <ThemeSplashCard mode="light" readOnly={false} warningsOf={() => []} />
      </InForm>,
    );
    expect(screen.getByText('Splash screen · light')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Splash background' }).value).toBe(draft.splashScreen.lightBackground);
    expect(screen.getByRole('combobox', { name: 'Loader type' })).toBeTruthy();
  });
});
