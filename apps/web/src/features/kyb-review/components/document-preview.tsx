import { useQuery } from '@apollo/client/react';
import { DownloadIcon, FileTextIcon, ImageIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { KybReview_ApplicationDetailFragment } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';
import { KYB_DOCUMENT_TYPE_LABEL, formatDate, formatTime, labelOf } from '@/lib/format';
import { cn } from '@/lib/utils';
import { DocumentLinkQuery } from '@/features/kyb-review/api/applications';

type KybDocument = KybReview_ApplicationDetailFragment['documents'][number];
type Person = KybReview_ApplicationDetailFragment['people'][number];

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Only our own origin's file route is framed; the app's CSP would refuse another origin anyway. */
function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** True once the link's expiry has passed; re-checked every few seconds while shown. */
function useExpired(expiresAt: string | undefined): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!expiresAt) return;
    const left = new Date(expiresAt).getTime() - Date.now();
    if (left <= 0) {
      setExpired(true);
      return;
    }
    const timer = window.setTimeout(() => setExpired(true), left);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);
  return expired;
}

/**
 * One document shown in the page. Signed links last minutes, so each opening asks for a fresh one (never from the
 * cache). PDFs render in a frame whose response the server sandboxes, images in an <img>.
 */
export function DocumentViewer({ document }: { document: KybDocument }) {
  const { data, loading, error, refetch } = useQuery(DocumentLinkQuery, { variables: { id: document.id }, fetchPolicy: 'network-only' });
  const link = data?.kybDocumentLink;
  const expired = useExpired(link?.expiresAt);
  const isPdf = document.contentType === 'application/pdf';

  return (
    <div className="flex min-w-0 flex-col gap-2" aria-label={`Preview of ${document.fileName}`} role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{document.fileName}</p>
          <p className="text-xs text-muted-foreground">
            {labelOf(KYB_DOCUMENT_TYPE_LABEL, document.type)} · {formatBytes(document.sizeBytes)}
            {link && !expired ? ` · link valid until ${formatTime(link.expiresAt)}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          {expired ? (
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              <RefreshCwIcon aria-hidden /> New link
            </Button>
          ) : null}
          {link && !expired ? (
            <Button size="sm" variant="outline" asChild>
              <a href={link.url} download={document.fileName} rel="noopener">
                <DownloadIcon aria-hidden /> Download
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      {error ? <ErrorAlert title="Could not open the document" message={describeApiError(error).message} /> : null}
      {loading && !link ? <Skeleton className="h-[28rem] w-full" /> : null}
      {link && expired ? (
        <p className="rounded-md border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
          The link to this document expired. Ask for a new one to see it again.
        </p>
      ) : null}
      {link && !expired ? (
        isPdf ? (
          isSameOrigin(link.url) ? (
            // No sandbox attribute: Chromium refuses to show a PDF in a sandboxed frame. The file route sandboxes the
            // document itself (CSP `sandbox; default-src 'none'`), see docs/decisions/0008-kyb-document-preview.md.
            <iframe title={document.fileName} src={link.url} referrerPolicy="no-referrer" className="h-[32rem] w-full rounded-md border bg-white" />
          ) : (
            <p className="rounded-md border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
              This link is not on Rampart’s own address, so it is not shown in the page: download the document to read it.
            </p>
          )
        ) : (
          <div className="flex max-h-[32rem] justify-center overflow-auto rounded-md border bg-muted/40 p-2">
            <img
              src={link.url}
              alt={`${labelOf(KYB_DOCUMENT_TYPE_LABEL, document.type)}: ${document.fileName}`}
              referrerPolicy="no-referrer"
              className="h-auto max-w-full object-contain"
            />
          </div>
        )
      ) : null}
    </div>
  );
}

/** The application's documents; choosing one previews it below the list. */
export function DocumentsPanel({ documents, people }: { documents: readonly KybDocument[]; people: readonly Person[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = documents.find((document) => document.id === openId) ?? null;
  const ownerOf = (personId: string | null | undefined) => people.find((person) => person.id === personId)?.fullName;

  if (documents.length === 0) return <p className="text-sm text-muted-foreground">No documents uploaded.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y rounded-md border" aria-label="Documents">
        {documents.map((document) => {
          const Icon = document.contentType === 'application/pdf' ? FileTextIcon : ImageIcon;
          const owner = ownerOf(document.personId);
          const selected = document.id === openId;
          return (
            <li key={document.id} className={cn('flex flex-wrap items-center gap-3 px-3 py-2', selected && 'bg-muted/60')}>
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium">
                  {labelOf(KYB_DOCUMENT_TYPE_LABEL, document.type)}
                  {owner ? ` · ${owner}` : ''}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {document.fileName} · {formatBytes(document.sizeBytes)} · {formatDate(document.uploadedAt)}
                </span>
              </div>
              <Button
                size="sm"
                variant={selected ? 'secondary' : 'outline'}
                aria-pressed={selected}
                aria-label={`${selected ? 'Close preview of' : 'Preview'} ${document.fileName}`}
                onClick={() => setOpenId(selected ? null : document.id)}
              >
                {selected ? 'Close preview' : 'Preview'}
              </Button>
            </li>
          );
        })}
      </ul>
      {open ? <DocumentViewer key={open.id} document={open} /> : null}
    </div>
  );
}
