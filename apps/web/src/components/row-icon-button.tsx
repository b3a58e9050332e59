import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A row's icon button: a pencil to edit, or a red bin to delete; `label` says what it does to which item. */
export function RowIconButton({ action, label, onClick }: { action: 'edit' | 'delete'; label: string; onClick: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8', action === 'delete' && 'text-destructive hover:text-destructive')}
      aria-label={label}
      onClick={onClick}
    >
      {action === 'edit' ? <PencilIcon aria-hidden /> : <Trash2Icon aria-hidden />}
    </Button>
  );
}
