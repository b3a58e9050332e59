import { useQuery } from '@apollo/client/react';
import { FlagIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { WarningNote } from '@/components/warning-note';
import { IconTile } from '@/components/icon-tile';
import { getRuntimeConfig } from '@/config/runtime-config';
import { StaffFeatureFlagsQuery } from '@/features/admin-flags/api/feature-flags';
import { FlagValueDialog, type FlagTarget } from '@/features/admin-flags/components/flag-value-dialog';
import { useAdminPermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';

const KIND_LABEL = { organization: 'Organization', account: 'Account' } as const;

function OnOff({ value }: { value: boolean }) {
  return <Badge variant={value ? 'default' : 'secondary'}>{value ? 'On' : 'Off'}</Badge>;
}

/** /admin/feature-flags: the built-in provider's flags, their defaults and organization and account values. The route checks featureFlag:view. */
export function FeatureFlagsPage() {
  const query = useQuery(StaffFeatureFlagsQuery);
  const flags = query.data?.staffFeatureFlags ?? [];
  // With LaunchDarkly configured partners' flags come from there: these values apply to no one, so they are only shown.
  const launchDarkly = getRuntimeConfig().featureFlagSource === 'launchdarkly';
  const canEdit = useAdminPermission('featureFlag:edit') && !launchDarkly;
  const [editing, setEditing] = useState<{ flag: string; target: FlagTarget | null; current: boolean | null } | null>(null);

  useDocumentTitle('Feature flags · Rampart');

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Feature flags</h1>
        <p className="text-sm text-muted-foreground">
          What partners’ dashboards show. An account’s value overrides its organization’s, which overrides the default.
        </p>
      </div>
      {launchDarkly ? (
        <WarningNote data-testid="launchdarkly-note">
          Partners’ feature flags come from LaunchDarkly on this server: change them in LaunchDarkly. The values below are Rampart’s own, apply to no one while
          LaunchDarkly is configured, and cannot be changed here.
        </WarningNote>
      ) : null}
      {query.error && !query.data ? (
        <QueryErrorAlert title="Could not load the feature flags" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.loading && !query.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Feature flags">
          {flags.map((flag) => (
            <li key={flag.key}>
              <Card className="gap-3 py-4" aria-label={flag.key}>
                <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-5">
                  <div className="flex min-w-0 items-start gap-3">
                    <IconTile icon={<FlagIcon />} />
                    <div className="min-w-0">
                      <CardTitle className="font-mono text-base break-all">{flag.key}</CardTitle>
                      <CardDescription>{flag.description}</CardDescription>
                      <p className="text-xs text-muted-foreground">Changed {formatDateTime(flag.updatedAt)}</p>
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm text-muted-foreground">Default</span>
                    <OnOff value={flag.defaultValue} />
                    {canEdit ? (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Change the default of ${flag.key}`}
                          onClick={() => setEditing({ flag: flag.key, target: { kind: 'default' }, current: flag.defaultValue })}
                        >
                          <PencilIcon aria-hidden /> Default
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Set ${flag.key} for an organization or account`}
                          onClick={() => setEditing({ flag: flag.key, target: null, current: null })}
                        >
                          <PlusIcon aria-hidden /> Set for…
                        </Button>
                      </>
                    ) : null}
                  </div>
                </CardHeader>
                <CardContent className="flex flex-col gap-2 px-5">
                  {flag.overrides.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Every organization and account follows the default.</p>
                  ) : (
                    <ul className="divide-y rounded-md border" aria-label={`Values of ${flag.key}`}>
                      {flag.overrides.map((override) => {
                        const name = override.contextName ?? `Deleted ${override.contextKind}`;
                        return (
                          <li key={override.contextKey} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                            <div className="flex min-w-0 flex-col">
                              <span className="truncate text-sm font-medium">
                                <Badge variant="outline" className="mr-2">
                                  {KIND_LABEL[override.contextKind]}
                                </Badge>
                                {name}
                              </span>
                              <span className="truncate font-mono text-xs text-muted-foreground">{override.contextKey}</span>
                            </div>
                            <div className="flex items-center gap-2">
                              <OnOff value={override.enabled} />
                              {canEdit ? (
                                <Button
                                  size="sm"
                                  variant="ghost"
                                  aria-label={`Change ${flag.key} for ${name}`}
                                  onClick={() =>
                                    setEditing({
                                      flag: flag.key,
                                      target: { kind: override.contextKind, id: override.contextKey, name },
                                      current: override.enabled,
                                    })
                                  }
                                >
                                  <PencilIcon aria-hidden /> Change
                                </Button>
                              ) : null}
                            </div>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {flag.otherRuleCount > 0 ? (
                    <p className="text-xs text-muted-foreground">
                      {flag.otherRuleCount === 1 ? 'One more rule targets' : `${flag.otherRuleCount} more rules target`} users or self-service accounts; a
                      user’s rule wins over these values.
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <FlagValueDialog
        flag={editing?.flag ?? null}
        target={editing?.target ?? null}
        current={editing?.current ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </PageLayout>
  );
}
