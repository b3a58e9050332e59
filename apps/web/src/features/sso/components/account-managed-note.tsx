import { ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** "Managed by your identity provider (host)": what is saved there rather than in Rampart. */
export function AccountManagedNote({ host, children }: { host: string; children: ReactNode }) {
  return (
    <Alert>
      <ShieldCheckIcon aria-hidden />
      <AlertTitle>Managed by your identity provider ({host})</AlertTitle>
      <AlertDescription>
        <p>{children}</p>
      </AlertDescription>
    </Alert>
  );
}
