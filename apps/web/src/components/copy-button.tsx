import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/** Copies `value`; the icon turns into a tick for a moment. */
export function CopyButton({ value, label, size = 'icon' }: { value: string; label: string; size?: 'icon' | 'sm' }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Your browser refused the clipboard. Select the text and copy it by hand.' });
    }
  }

  const icon = copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />;
  return size === 'icon' ? (
    <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label} title={label} onClick={() => void copy()}>
      {icon}
    </Button>
  ) : (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      {icon} {copied ? 'Copied' : label}
    </Button>
  );
}
