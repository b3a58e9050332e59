import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The editor's sticky footer: whether the draft is saved, Discard and Save (both only with something unsaved). */
export function ThemeSaveBar({ dirty, submitting, onDiscard }: { dirty: boolean; submitting: boolean; onDiscard: () => void }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <p className="mr-auto text-sm text-muted-foreground" role="status">
        {dirty ? 'Unsaved changes' : 'All changes saved'}
      </p>
      <Button type="button" variant="outline" disabled={!dirty || submitting} onClick={onDiscard}>
        Discard
      </Button>
      <Button type="submit" disabled={!dirty || submitting}>
        {submitting && <Spinner label="Saving" />}
        Save
      </Button>
    </div>
  );
}
