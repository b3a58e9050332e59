import { useLazyQuery } from '@apollo/client/react';
import { DownloadIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { KybDocumentLinkQuery } from '@/features/kyb/api/kyb';
import { contentTypeLabel } from '@/features/kyb/lib/documents';
import type { Kyb_DocumentFragment } from '@/gql/graphql';
import { formatBytes, formatDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

/** Asks for a fresh short-lived link each time it opens; images show in place, every type opens or downloads. */
export function DocumentPreviewDialog({ document, onClose }: { document: Kyb_DocumentFragment | null; onClose: () => void }) {
  const [fetchLink, link] = useLazyQuery(KybDocumentLinkQuery, { fetchPolicy: 'network-only' });

  useEffect(() => {
    if (document) void fetchLink({ variables: { id: document.id } }).catch(() => undefined);
  }, [document, fetchLink]);

  const url = document && link.data?.kybDocumentLink && link.variables?.id === document.id ? link.data.kybDocumentLink : null;
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{document?.fileName}</DialogTitle>
          <DialogDescription>
            {document && `${contentTypeLabel(document.contentType)} · ${formatBytes(document.sizeBytes)} · uploaded ${formatDate(document.uploadedAt)}`}
          </DialogDescription>
        </DialogHeader>
        {link.error ? (
          <ErrorAlert title="Could not open the document" message={describeApiError(link.error).message} />
        ) : !url ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="flex flex-col gap-3">
            {document?.contentType.startsWith('image/') ? (
              <img src={url.url} alt={document.fileName} className="max-h-[60vh] w-full rounded-md border object-contain" />
            ) : (
              <p className="text-sm text-muted-foreground">PDF documents open in a new tab.</p>
            )}
            <p className="text-xs text-muted-foreground">This link works until {formatDate(url.expiresAt)}; open the document again for a new one.</p>
          </div>
        )}
        <DialogFooter>
          {url && (
            <>
              <Button asChild variant="outline">
                <a href={url.url} download={document?.fileName}>
                  <DownloadIcon aria-hidden /> Download
                </a>
              </Button>
              <Button asChild>
                <a href={url.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon aria-hidden /> Open in a new tab
                </a>
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
