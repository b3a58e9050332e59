import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { PASS_PROJECTS_PER_ACCOUNT } from '@rampart/shared/passes';
import { ArrowRightIcon, FolderKanbanIcon, PlusIcon, ShieldCheckIcon, SmartphoneNfcIcon, TicketIcon, WalletCardsIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { TextareaField } from '@/components/form/textarea-field';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { CreatePassProjectMutation, PassProjectsQuery } from '@/features/passes/api/passes';
import { EmptyState } from '@/components/empty-state';
import { PassesFrame, TestModeBadge } from '@/features/passes/components/passes-frame';
import { projectPath } from '@/features/passes/lib/passes';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatCount, formatDate } from '@/lib/format';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { selectedAccountIdVar } from '@/lib/local-state';
import { QueryBoundary, QueryErrorAlert } from '@/components/query-boundary';
import { serverFieldMap } from '@/lib/form-errors';

const projectSchema = z.object({
  name: z.string().trim().min(1, 'Give the project a name').max(100, 'At most 100 characters'),
  description: z.string().trim().max(500, 'At most 500 characters'),
});
type ProjectValues = z.infer<typeof projectSchema>;

function CreateProjectDialog({ accountId, open, onOpenChange }: { accountId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [create] = useMutation(CreatePassProjectMutation, { refetchQueries: [PassProjectsQuery] });
  const form = useForm<ProjectValues>({ resolver: zodResolver(projectSchema), defaultValues: { name: '', description: '' }, mode: 'onTouched' });
  const submission = useServerSubmit(form, serverFieldMap<ProjectValues>('name', 'description'), async (values) => {
    const result = await create({ variables: { accountId, input: { name: values.name, description: values.description || null } } });
    const project = result.data?.createPassProject;
    toast({ title: 'Project created', description: `${values.name} uses development credentials until you upload yours.` });
    onOpenChange(false);
    if (project) void navigate(projectPath(project.id, 'overview'));
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a passes project"
      description="A project holds its own policies, templates, API keys and wallet credentials. It starts with Rampart's development credentials."
      {...submission}
      errorTitle="Could not create the project"
    >
      <InputField control={form.control} name="name" label="Name" autoComplete="off" placeholder="Holders club" />
      <TextareaField
        control={form.control}
        name="description"
        label="Description (optional)"
        description="Only your team sees it."
        rows={3}
        placeholder="Membership passes for holders of our collection"
      />
      <DialogSubmitFooter onCancel={() => onOpenChange(false)} pendingLabel="Creating">
        Create project
      </DialogSubmitFooter>
    </FormDialog>
  );
}

function useProjects() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const result = useQuery(PassProjectsQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId, fetchPolicy: 'cache-and-network' });
  return { accountId, ...result, projects: result.data?.passProjects ?? [] };
}

function ProjectCards({ projects }: { projects: ReturnType<typeof useProjects>['projects'] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
      {projects.map((project) => (
        <li key={project.id}>
          <Card className="relative h-full gap-3 py-5 transition-colors hover:border-primary/40" data-testid="pass-project-card">
            <CardHeader className="gap-1 px-5">
              <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                <Link to={projectPath(project.id)} className="after:absolute after:inset-0 hover:underline focus-visible:underline">
                  {project.name}
                </Link>
              </CardTitle>
              {project.description && <CardDescription className="line-clamp-2">{project.description}</CardDescription>}
            </CardHeader>
            <CardContent className="flex flex-col gap-3 px-5">
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">Passes issued</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(project.passCount)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Active</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(project.activePassCount)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>Created {formatDate(project.createdAt)}</span>
                {project.isTestMode && <TestModeBadge />}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /passes/projects: the account's projects and the create dialog. */
export function ProjectsScreen() {
  const { accountId, projects, data, loading, error } = useProjects();
  const canManage = usePermission('passes:manage');
  const [creating, setCreating] = useState(false);
  const full = projects.length >= PASS_PROJECTS_PER_ACCOUNT;
  return (
    <PassesFrame
      title="Projects"
      description="Each project issues its own passes with its own policies, templates, keys and wallet credentials."
      actions={
        canManage && (
          <Button
            type="button"
            onClick={() => setCreating(true)}
            disabled={!accountId || full}
            title={full ? `At most ${PASS_PROJECTS_PER_ACCOUNT} projects` : undefined}
          >
            <PlusIcon aria-hidden /> New project
          </Button>
        )
      }
    >
      <QueryBoundary query={{ data, loading, error }} errorTitle="Could not load the projects" skeleton={<Skeleton className="h-40 w-full" />}>
        {() =>
          projects.length === 0 ? (
            <EmptyState
              icon={<FolderKanbanIcon />}
              title="No projects yet"
              action={
                canManage && (
                  <Button type="button" onClick={() => setCreating(true)}>
                    <PlusIcon aria-hidden /> Create your first project
                  </Button>
                )
              }
            >
              Your projects will appear here. Create one, add a policy saying who may hold a pass, design a template, then issue passes with the project's API
              key.
              {!canManage && ' Ask an administrator or developer to create one.'}
            </EmptyState>
          ) : (
            <ProjectCards projects={projects} />
          )
        }
      </QueryBoundary>
      {accountId && creating && <CreateProjectDialog accountId={accountId} open onOpenChange={setCreating} />}
    </PassesFrame>
  );
}

const STEPS = [
  { icon: ShieldCheckIcon, title: 'Policies', text: 'Say who is entitled: listed wallets, or holders of a token of an NFT contract.' },
  { icon: WalletCardsIcon, title: 'Templates', text: 'Design the Apple Wallet and Google Wallet pass with a live preview of both.' },
  {
    icon: SmartphoneNfcIcon,
    title: 'Issue and verify',
    text: 'Holders prove their wallet with a signed message; your API key issues the pass and checks scans.',
  },
  { icon: TicketIcon, title: 'Always current', text: 'When an NFT leaves its holder, the pass is invalidated and your webhook is told.' },
];

/** /passes: what Passes is, and the projects (or the way to the first). */
export function PassesHomeScreen() {
  const { projects, data, loading, error } = useProjects();
  return (
    <PassesFrame title="Passes" description="Apple Wallet and Google Wallet passes — tickets, memberships, offers — tied to a wallet or an NFT.">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="How passes work">
        {STEPS.map((step) => (
          <li key={step.title}>
            <Card className="h-full gap-2 py-4">
              <CardHeader className="px-4">
                <CardTitle className="flex items-center gap-2 text-sm">
                  <step.icon className="size-4 text-primary" aria-hidden />
                  {step.title}
                </CardTitle>
              </CardHeader>
              <CardContent className="px-4 text-sm text-muted-foreground">{step.text}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Your projects</h2>
        <Button asChild variant="outline" size="sm">
          <Link to={ROUTES.passesProjects}>
            All projects <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </div>
      {error && <QueryErrorAlert title="Could not load the projects" error={error} />}
      {loading && !data ? (
        <Skeleton className="h-32 w-full" />
      ) : projects.length === 0 ? (
        <EmptyState
          icon={<FolderKanbanIcon />}
          title="No projects yet"
          action={
            <Button asChild>
              <Link to={ROUTES.passesProjects}>Go to projects</Link>
            </Button>
          }
        >
          Create a project to start issuing passes. It works straight away in test mode with Rampart's development certificate and key.
        </EmptyState>
      ) : (
        <ProjectCards projects={projects.slice(0, 6)} />
      )}
    </PassesFrame>
  );
}
