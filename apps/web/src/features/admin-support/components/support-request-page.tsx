import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailField } from '@/components/detail-field';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryBoundary } from '@/components/query-boundary';
import { SectionCard } from '@/components/section-card';
import { SupportMessages, SupportReplyForm, SupportStatusBadge } from '@/components/support-thread';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { AnswerSupportRequestMutation, CloseSupportRequestMutation, SupportRequestQuery } from '@/features/admin-support/api/support-inbox';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminPermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';

/** /admin/support/:id: one request's conversation; staff with supportRequest:reply answer or close it. */
export function SupportRequestPage({ id }: { id: string }) {
  const canReply = useAdminPermission('supportRequest:reply');
  const query = useQuery(SupportRequestQuery, { variables: { id } });
  const [answer] = useMutation(AnswerSupportRequestMutation);
  const [close] = useMutation(CloseSupportRequestMutation);
  const [closing, setClosing] = useState(false);
  useDocumentTitle('Support request · Rampart');

  return (
    <PageLayout>
      <Button asChild variant="ghost" className="self-start">
        <Link to={ROUTES.adminSupport}>
          <ArrowLeftIcon aria-hidden /> Support inbox
        </Link>
      </Button>
      <QueryBoundary query={query} errorTitle="Could not load the support request">
        {({ staffSupportRequest: request }) => (
          <>
            <PageHeading
              title={request.subject}
              eyebrow={<SupportStatusBadge status={request.status} reader="staff" />}
              actions={
                canReply && request.status !== 'Closed' ? (
                  <Button variant="outline" onClick={() => setClosing(true)}>
                    Close request
                  </Button>
                ) : null
              }
            />
            <SectionCard title="Partner">
              <dl className="grid gap-3 sm:grid-cols-2">
                <DetailField label="Account">{request.accountName}</DetailField>
                <DetailField label="Organization">
                  {request.organizationName} · {request.plan} plan
                </DetailField>
                <DetailField label="Opened by">{request.openedBy ?? 'A former member'}</DetailField>
                <DetailField label="Opened">{formatDateTime(request.createdAt)}</DetailField>
              </dl>
            </SectionCard>
            <SectionCard title="Conversation" contentClassName="flex flex-col gap-4">
              <SupportMessages messages={request.messages} />
              {canReply ? (
                <SupportReplyForm
                  label="Reply to the partner"
                  submitLabel="Send reply"
                  onReply={async (body) => {
                    await answer({ variables: { id: request.id, body } });
                    toast({ title: 'Reply sent', description: request.openedBy ? `E-mailed to ${request.openedBy}` : undefined });
                  }}
                />
              ) : null}
            </SectionCard>
            <ConfirmDialog
              open={closing}
              onClose={() => setClosing(false)}
              title="Close this support request?"
              description="It leaves the requests needing a reply. The partner still sees it, and a reply from them opens it again."
              confirmLabel="Close request"
              busyLabel="Closing"
              onConfirm={() => close({ variables: { id: request.id } })}
            />
          </>
        )}
      </QueryBoundary>
    </PageLayout>
  );
}
