import { DownloadIcon } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';

/** Saves the codes as a text file, as GitHub and Stripe offer. */
function download(codes: string[]) {
  const text = `Rampart two-factor recovery codes\nEach code works once, instead of the authenticator's code.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'rampart-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Two-factor recovery codes just made: shown this once, with copy and download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/50 px-4 py-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy codes" size="sm" />
        <Button type="button" variant="outline" size="sm" onClick={() => download(codes)}>
          <DownloadIcon aria-hidden /> Download
        </Button>
      </div>
    </div>
  );
}

/** After a sign-in with a recovery code: how many remain (nothing after any other sign-in). */
export function toastRecoveryCodesLeft(remaining: number | null | undefined) {
  if (remaining === null || remaining === undefined) return;
  toast({
    title: 'Signed in with a recovery code',
    description:
      remaining === 0
        ? 'That was your last recovery code. Make new ones under Profile › Security.'
        : `${remaining === 1 ? '1 recovery code remains' : `${remaining} recovery codes remain`}. You can make new ones under Profile › Security.`,
  });
}
