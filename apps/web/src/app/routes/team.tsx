import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountAuditTrail } from '@/features/audit/components/account-audit-trail';
import { TeamMembers } from '@/features/team/components/team-members';
import { usePermission } from '@/hooks/use-permission';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /team: members for everyone in the account; the audit trail tab for holders of audit:read (?tab=audit). */
export default function TeamRoute() {
  const [params, setParams] = useSearchParams();
  const canReadAudit = usePermission('audit:read');
  const tab = canReadAudit && params.get('tab') === 'audit' ? 'audit' : 'members';

  useDocumentTitle('Team · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
        <p className="text-sm text-muted-foreground">Who can work in this account, with which role.</p>
      </div>
      {canReadAudit ? (
        <Tabs value={tab} onValueChange={(next) => setParams(next === 'audit' ? { tab: 'audit' } : {})} className="flex flex-col gap-4">
          <TabsList>
            <TabsTrigger value="members">Members</TabsTrigger>
            <TabsTrigger value="audit">Audit trail</TabsTrigger>
          </TabsList>
          <TabsContent value="members">
            <TeamMembers />
          </TabsContent>
          <TabsContent value="audit">
            <AccountAuditTrail />
          </TabsContent>
        </Tabs>
      ) : (
        <TeamMembers />
      )}
    </PageLayout>
  );
}
