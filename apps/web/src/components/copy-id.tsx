import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/** A shortened id that copies the whole id on click (rows stay clickable: the click does not bubble). */
export function CopyId({ id, label, full = false, className }: { id: string; label?: string; full?: boolean; className?: string }) {
  const [copied, setCopied] = useState(false);
  const shown = label ?? (full ? id : `${id.slice(0, 8)}…`);
  return (
    <button
      type="button"
      className={cn('inline-flex max-w-full items-center gap-1 font-mono text-xs underline-offset-2 hover:underline', className)}
      title={`Copy ${id}`}
      aria-label={copied ? `Copied ${id}` : `Copy ${id}`}
      onClick={(event) => {
        event.stopPropagation();
        void navigator.clipboard?.writeText(id).then(() => {
          setCopied(true);
          window.setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      <span className="truncate">{shown}</span>
      {copied ? <CheckIcon className="size-3 shrink-0" aria-hidden /> : <CopyIcon className="size-3 shrink-0 opacity-60" aria-hidden />}
    </button>
  );
}
