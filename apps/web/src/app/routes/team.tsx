import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountAuditTrail } from '@/features/audit/components/account-audit-trail';
import { RequireSsoCard } from '@/features/sso/components/require-sso-card';
import { TeamMembers } from '@/features/team/components/team-members';
import { usePermission } from '@/hooks/use-permission';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /team: members for everyone in the account; the audit trail tab for holders of audit:read (?tab=audit), single
 * sign-on for holders of sso:manage (?tab=sso).
 */
export default function TeamRoute() {
  const [params, setParams] = useSearchParams();
  const canReadAudit = usePermission('audit:read');
  const canManageSso = usePermission('sso:manage');
  const asked = params.get('tab');
  const tab = canReadAudit && asked === 'audit' ? 'audit' : canManageSso && asked === 'sso' ? 'sso' : 'members';

  useDocumentTitle('Team · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
        <p className="text-sm text-muted-foreground">Who can work in this account, with which role.</p>
      </div>
      {canReadAudit || canManageSso ? (
        <Tabs value={tab} onValueChange={(next) => setParams(next === 'members' ? {} : { tab: next })} className="flex flex-col gap-4">
          <TabsList>
            <TabsTrigger value="members">Members</TabsTrigger>
            {canReadAudit && <TabsTrigger value="audit">Audit trail</TabsTrigger>}
            {canManageSso && <TabsTrigger value="sso">Single sign-on</TabsTrigger>}
          </TabsList>
          <TabsContent value="members">
            <TeamMembers />
          </TabsContent>
          <TabsContent value="audit">
            <AccountAuditTrail />
          </TabsContent>
          <TabsContent value="sso">
            <RequireSsoCard />
          </TabsContent>
        </Tabs>
      ) : (
        <TeamMembers />
      )}
    </PageLayout>
  );
}
