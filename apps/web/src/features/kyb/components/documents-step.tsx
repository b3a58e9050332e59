import { useMutation } from '@apollo/client/react';
import { FileIcon, Trash2Icon, UploadIcon, EyeIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DeleteKybDocumentMutation, KYB_REFETCH, UploadKybDocumentMutation } from '@/features/kyb/api/kyb';
import { DocumentPreviewDialog } from '@/features/kyb/components/document-preview-dialog';
import type { StepProps } from '@/features/kyb/components/step-props';
import { contentTypeLabel, documentSlots, fileProblem, type DocumentSlot } from '@/features/kyb/lib/documents';
import type { Kyb_DocumentFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatBytes, formatDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

/** The company's documents and each person's identity document: upload, view through a short-lived link, delete. */
export function DocumentsStep({ accountId, application, editable, onContinue }: StepProps) {
  const slots = documentSlots(application.documents, application.people);
  const [previewing, setPreviewing] = useState<Kyb_DocumentFragment | null>(null);
  const [deleting, setDeleting] = useState<Kyb_DocumentFragment | null>(null);
  const [remove, removal] = useMutation(DeleteKybDocumentMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });

  async function confirmDelete() {
    const document = deleting;
    if (!document) return;
    try {
      await remove({ variables: { id: document.id } });
      toast({ title: 'Document deleted', description: document.fileName });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not delete the document', description: describeApiError(caught).message });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">Documents</CardTitle>
        <CardDescription>PDF, PNG or JPEG, at most 10 MB each. We check each file by its content, not its name.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {application.people.length === 0 && (
          <p className="text-sm text-muted-foreground">Identity documents are asked for each owner and director once they are listed in the ownership step.</p>
        )}
        <ul className="flex flex-col gap-3">
          {slots.map((slot) => (
            <DocumentSlotItem key={slot.key} slot={slot} accountId={accountId} editable={editable} onPreview={setPreviewing} onDelete={setDeleting} />
          ))}
        </ul>
      </CardContent>
      {editable && (
        <CardFooter className="justify-end">
          <Button type="button" onClick={onContinue}>
            Continue to the questionnaire
          </Button>
        </CardFooter>
      )}
      <DocumentPreviewDialog document={previewing} onClose={() => setPreviewing(null)} />
      <AlertDialogFrame
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this document?"
        description={<>{deleting?.fileName} is removed from the application.</>}
        descriptionClassName="[overflow-wrap:anywhere]"
        action={
          <AlertDialogAction onClick={() => void confirmDelete()} disabled={removal.loading}>
            Delete document
          </AlertDialogAction>
        }
      />
    </Card>
  );
}

interface SlotProps {
  slot: DocumentSlot;
  accountId: string;
  editable: boolean;
  onPreview: (document: Kyb_DocumentFragment) => void;
  onDelete: (document: Kyb_DocumentFragment) => void;
}

function DocumentSlotItem({ slot, accountId, editable, onPreview, onDelete }: SlotProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [upload, uploading] = useMutation(UploadKybDocumentMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await upload({ variables: { accountId, type: slot.type, personId: slot.personId, file } });
      toast({ title: 'Document uploaded', description: file.name });
    } catch (caught) {
      const info = describeApiError(caught);
      setError(Object.values(info.fields)[0] ?? info.message);
    }
  }

  const uploadLabel = slot.documents.length > 0 ? 'Upload another' : 'Upload';
  return (
    <li className="flex flex-col gap-3 rounded-lg border px-4 py-3" aria-label={slot.title}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{slot.title}</span>
            {slot.documents.length > 0 ? <Badge>Uploaded</Badge> : <Badge variant="outline">Missing</Badge>}
          </div>
          <p className="text-xs text-muted-foreground">{slot.description}</p>
        </div>
        {editable && (
          <div className="shrink-0">
            <input
              id={inputId}
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              className="peer sr-only"
              aria-label={`${uploadLabel}: ${slot.title}`}
              aria-describedby={error ? errorId : undefined}
              disabled={uploading.loading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            <Button asChild variant="outline" size="sm">
              <label htmlFor={inputId} className="cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50">
                {uploading.loading ? <Spinner label="Uploading" /> : <UploadIcon aria-hidden />}
                {uploading.loading ? 'Uploading…' : uploadLabel}
              </label>
            </Button>
          </div>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {slot.documents.length > 0 && (
        <ul className="flex flex-col gap-2">
          {slot.documents.map((document) => (
            <li key={document.id} className="flex flex-col gap-2 rounded-md bg-muted/40 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-2">
                <FileIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="flex min-w-0 flex-col">
                  <span className="text-sm font-medium [overflow-wrap:anywhere]">{document.fileName}</span>
                  <span className="text-xs text-muted-foreground">
                    {contentTypeLabel(document.contentType)} · {formatBytes(document.sizeBytes)} · uploaded {formatDate(document.uploadedAt)}
                  </span>
                </div>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button type="button" variant="ghost" size="sm" aria-label={`View ${document.fileName}`} onClick={() => onPreview(document)}>
                  <EyeIcon aria-hidden /> View
                </Button>
                {editable && (
                  <Button type="button" variant="ghost" size="sm" aria-label={`Delete ${document.fileName}`} onClick={() => onDelete(document)}>
                    <Trash2Icon aria-hidden /> Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
