import { ExternalLinkIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { KybReview_GoLiveRequestFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useAdminPermission } from '@/hooks/use-permission';
import { PRODUCT_LABEL, REVIEW_STATUS_LABEL, formatDate, labelOf } from '@/lib/format';
import { DecisionButtons, DecisionDialog } from '@/features/kyb-review/components/decision-dialog';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import { availableDecisions, type Decision } from '@/features/kyb-review/lib/decision';

const DONE: Record<Decision, string> = { InProgress: 'Review started', OnHold: 'Put on hold', Approved: 'Product enabled', Rejected: 'Request rejected' };

/** A go-live request's review: the account, the product, how to test it, and the decision (kyb:approve). */
export function GoLiveReviewDialog({
  request,
  onOpenChange,
  onDecide,
}: {
  request: KybReview_GoLiveRequestFragment | null;
  onOpenChange: (open: boolean) => void;
  onDecide: (decision: Decision, reason: string | null) => Promise<void>;
}) {
  const canDecide = useAdminPermission('kyb:approve');
  const [decision, setDecision] = useState<Decision | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const decisions = request && canDecide ? availableDecisions(request.status) : [];
  const instructions = request?.testingInstructions;
  const product = request ? labelOf(PRODUCT_LABEL, request.product) : '';

  return (
    <>
      <Dialog open={request !== null} onOpenChange={onOpenChange}>
        <DialogContent ref={contentRef} className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
          {request ? (
            <>
              <DialogHeader className="text-left">
                <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
                  {product} for {request.accountName}
                  <ReviewStatusBadge status={request.status} />
                </DialogTitle>
                <DialogDescription>
                  {request.organizationName} · requested {formatDate(request.requestedAt)}
                  {request.decidedAt ? ` · decided ${formatDate(request.decidedAt)}` : ''}
                </DialogDescription>
              </DialogHeader>
              {request.reason && (request.status === 'OnHold' || request.status === 'Rejected') ? (
                <Alert variant={request.status === 'Rejected' ? 'destructive' : 'default'}>
                  <AlertTitle>{REVIEW_STATUS_LABEL[request.status]}: the reason the partner sees</AlertTitle>
                  <AlertDescription className="whitespace-pre-wrap">{request.reason}</AlertDescription>
                </Alert>
              ) : null}
              <section aria-labelledby="testing-instructions" className="flex flex-col gap-3">
                <h3 id="testing-instructions" className="text-sm font-semibold">
                  Testing instructions
                </h3>
                {instructions ? (
                  <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
                    <Item label="URL">
                      {/^https?:\/\//i.test(instructions.url) ? (
                        <a
                          href={instructions.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1 break-all underline underline-offset-2"
                        >
                          {instructions.url}
                          <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden />
                        </a>
                      ) : (
                        instructions.url
                      )}
                    </Item>
                    <Item label="Test credentials">
                      {instructions.credentials ? (
                        <pre className="rounded-md border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap break-all">{instructions.credentials}</pre>
                      ) : (
                        <span className="text-muted-foreground">None given</span>
                      )}
                    </Item>
                    <Item label="Steps">
                      <p className="whitespace-pre-wrap break-words">{instructions.steps}</p>
                    </Item>
                    <Item label="Updated">{formatDate(instructions.updatedAt)}</Item>
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">The partner has not given testing instructions.</p>
                )}
              </section>
              {request.status === 'OnHold' ? (
                <p className="text-sm text-muted-foreground">
                  Waiting for the partner to fix it and request go-live again; it then comes back as pending review.
                </p>
              ) : null}
              {decisions.length > 0 ? (
                <div className="flex flex-col gap-2 border-t pt-4">
                  <DecisionButtons decisions={decisions} onChoose={setDecision} />
                </div>
              ) : null}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
      <DecisionDialog
        subject="goLive"
        decision={decision}
        subjectName={request ? `${product} for ${request.accountName}` : ''}
        onDecide={async (chosen, reason) => {
          await onDecide(chosen, reason);
          toast({ title: DONE[chosen], description: request ? `${product} for ${request.accountName}` : undefined });
        }}
        onOpenChange={(open) => !open && setDecision(null)}
        returnFocus={() => contentRef.current}
      />
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
