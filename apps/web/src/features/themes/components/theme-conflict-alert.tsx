import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A colleague saved the theme after the draft was started: load theirs (the draft is discarded) or keep editing. */
export function ThemeConflictAlert({ message, onLoadTheirs, onKeepEditing }: { message: string; onLoadTheirs: () => void; onKeepEditing: () => void }) {
  return (
    <Alert variant="destructive" data-testid="theme-conflict">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>Someone else saved this theme</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>{message}</p>
        <p>Your draft is still here. Loading their version discards it.</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={onLoadTheirs}>
            Load their version
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onKeepEditing}>
            Keep editing
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
