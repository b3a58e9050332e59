import { useQuery } from '@apollo/client/react';
import { ChevronRightIcon, DownloadIcon, ExternalLinkIcon, FlaskConicalIcon, PlusIcon, WalletIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { CopyButton } from '@/components/copy-button';
import { ErrorAlert } from '@/components/form-alert';
import { Forbidden } from '@/components/forbidden';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { PassProjectHeaderQuery } from '@/features/passes/api/passes';
import { PROJECT_SECTIONS, projectPath, SECTION_LABEL, type ProjectSection } from '@/features/passes/lib/passes';
import { usePermission } from '@/hooks/use-permission';
import { describeApiError } from '@/lib/graphql-errors';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

const FORBIDDEN = 'Passes are open to every role of the account. Ask an administrator to add you to this account.';

/** The top-level passes pages (/passes, /passes/projects). */
export function PassesFrame({ title, description, actions, children }: { title: string; description: string; actions?: ReactNode; children: ReactNode }) {
  const canRead = usePermission('passes:read');
  useDocumentTitle(`Passes · ${title} · Rampart`);
  if (!canRead) return <Forbidden reason={FORBIDDEN} />;
  return (
    <PageLayout>
      <PageHeading title={title} description={description} actions={actions} />
      {children}
    </PageLayout>
  );
}

export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`} className="flex min-w-0 items-center gap-1">
            {index > 0 && <ChevronRightIcon className="size-3.5 shrink-0" aria-hidden />}
            {item.to ? (
              <Link to={item.to} className="truncate hover:text-foreground hover:underline">
                {item.label}
              </Link>
            ) : (
              <span className="truncate text-foreground" aria-current="page">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function TestModeBadge() {
  return (
    <Badge variant="warning" title="Rampart's development certificate and key sign this project's passes: real wallets do not accept them.">
      <FlaskConicalIcon className="size-3" aria-hidden /> Development credentials
    </Badge>
  );
}

/** One project's section: breadcrumbs, the project name, the sections as tabs, then the section. */
export function ProjectFrame({
  projectId,
  section,
  title,
  description,
  actions,
  children,
}: {
  projectId: string;
  section: ProjectSection;
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const canRead = usePermission('passes:read');
  const { data, error, refetch } = useQuery(PassProjectHeaderQuery, { variables: { id: projectId }, skip: !canRead });
  const project = data?.passProject;
  const heading = title ?? SECTION_LABEL[section];
  useDocumentTitle(`Passes · ${project?.name ?? 'Project'} · ${heading} · Rampart`);
  if (!canRead) return <Forbidden reason={FORBIDDEN} />;
  const tabs = PROJECT_SECTIONS.map((name) => ({ to: projectPath(projectId, name), label: SECTION_LABEL[name] }));
  return (
    <PageLayout>
      <div className="flex flex-col gap-2">
        <Breadcrumbs items={[{ label: 'Passes', to: ROUTES.passes }, { label: 'Projects', to: ROUTES.passesProjects }, { label: project?.name ?? '…' }]} />
        {error && <QueryErrorAlert title="Could not load the project" error={error} onRetry={refetch} />}
        <div className="flex flex-wrap items-center gap-2">
          {project ? <span className="text-lg font-semibold">{project.name}</span> : <Skeleton className="h-7 w-48" />}
          {project?.isTestMode && <TestModeBadge />}
        </div>
      </div>
      <NavTabs label="Project sections" tabs={tabs} />
      <PageHeading title={heading} description={description} actions={actions} />
      {children}
    </PageLayout>
  );
}

/** A button that adds something: a plus, then what it adds. */
export function AddButton({ children, ...props }: Omit<ComponentProps<typeof Button>, 'type'>) {
  return (
    <Button type="button" {...props}>
      <PlusIcon aria-hidden /> {children}
    </Button>
  );
}

/** What SectionList reads of a `useQuery` result. */
export interface ListQuery {
  data?: unknown;
  loading: boolean;
  error?: unknown;
}

interface SectionListProps {
  query: ListQuery;
  errorTitle: string;
  skeletonClassName: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/** A section's list: its load error, a skeleton while it first loads, the empty state when there is nothing, else the list. */
export function SectionList({ query, errorTitle, skeletonClassName, isEmpty, empty, children }: SectionListProps) {
  return (
    <>
      {Boolean(query.error) && <ErrorAlert message={describeApiError(query.error).message} title={errorTitle} />}
      {query.loading && !query.data ? <Skeleton className={cn(skeletonClassName, 'w-full')} /> : isEmpty ? empty : children}
    </>
  );
}

/** How a project section adds one more: the heading's button, and the empty state's inviting the first. */
export interface SectionAdd {
  /** The heading's button, such as "Create key". */
  label: string;
  /** The empty state's button, such as "Create a key". */
  firstLabel: string;
  onAdd: () => void;
  /** Whether the heading's button is off (the list has not loaded, or is full), and why in its title. */
  disabled?: boolean;
  title?: string;
}

/**
 * A project section listing things the viewer may add to: the project frame with the add button in the heading, the
 * list's load states, and the empty state with the same action. `add` is false for a viewer who may not manage.
 */
export function ProjectListSection({
  projectId,
  section,
  description,
  add,
  empty,
  ...list
}: Omit<SectionListProps, 'empty'> & {
  projectId: string;
  section: ProjectSection;
  description: ReactNode;
  add: SectionAdd | false;
  empty: { icon: ReactNode; title: string; text: ReactNode };
}) {
  return (
    <ProjectFrame
      projectId={projectId}
      section={section}
      description={description}
      actions={
        add && (
          <AddButton onClick={add.onAdd} disabled={add.disabled} title={add.title}>
            {add.label}
          </AddButton>
        )
      }
    >
      <SectionList
        {...list}
        empty={
          <EmptyState icon={empty.icon} title={empty.title} action={add && <AddButton onClick={add.onAdd}>{add.firstLabel}</AddButton>}>
            {empty.text}
          </EmptyState>
        }
      />
    </ProjectFrame>
  );
}

/** A monospace value with a copy button. */
export function MonoValue({ value, label, children }: { value: string; label: string; children?: ReactNode }) {
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1">
      <code className="min-w-0 truncate font-mono text-xs sm:text-sm" title={value}>
        {children ?? value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/** A value to copy whole, such as a new key or the API's base URL: in a box of its own, wrapped rather than cut. */
export function CopyBox({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
      <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </div>
  );
}

/** A pass's files: its signed .pkpass download and its Google Wallet save link. */
export function WalletLinks({ pass }: { pass: { appleWalletUrl: string; googleWalletUrl: string; serialNumber: string } }) {
  return (
    <>
      <Button asChild variant="outline">
        <a href={pass.appleWalletUrl} download={`${pass.serialNumber}.pkpass`}>
          <DownloadIcon aria-hidden /> Download .pkpass
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={pass.googleWalletUrl} target="_blank" rel="noreferrer noopener">
          <WalletIcon aria-hidden /> Add to Google Wallet <ExternalLinkIcon className="size-3" aria-hidden />
        </a>
      </Button>
    </>
  );
}
