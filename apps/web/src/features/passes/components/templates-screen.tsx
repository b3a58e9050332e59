import { useMutation } from '@apollo/client/react';
import { PASS_TEMPLATES_PER_PROJECT } from '@rampart/shared/passes';
import { LayoutTemplateIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RowIconButton } from '@/components/row-icon-button';
import { ErrorAlert } from '@/components/form-alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DeletePassTemplateMutation, PassTemplatesQuery } from '@/features/passes/api/passes';
import { ApplePassPreview } from '@/features/passes/components/pass-preview';
import { EmptyState } from '@/components/empty-state';
import { AddButton, ProjectFrame } from '@/features/passes/components/passes-frame';
import { TemplateEditor } from '@/features/passes/components/template-editor';
import { labelOfBarcodeFormat, labelOfPassStyle } from '@/features/passes/lib/labels';
import { draftOf } from '@/features/passes/lib/passes';
import type { Passes_TemplateFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { formatCount, formatDate } from '@/lib/format';
import { QueryErrorAlert } from '@/components/query-boundary';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { useProjectQuery } from '@/features/passes/hooks/use-project-query';

/** Templates: the list, or the editor of one (?template=<id> or ?template=new). */
export function TemplatesScreen() {
  const { projectId, data, loading, error, refetch } = useProjectQuery(PassTemplatesQuery);
  const [params, setParams] = useSearchParams();
  const canManage = usePermission('passes:manage');
  const templates = data?.passProject.templates ?? [];
  const [deleting, setDeleting] = useState<Passes_TemplateFragment | null>(null);
  const [remove] = useMutation(DeletePassTemplateMutation, { refetchQueries: [PassTemplatesQuery], awaitRefetchQueries: true });
  const open = params.get('template');
  const editing = open && open !== 'new' ? (templates.find((template) => template.id === open) ?? null) : null;
  const full = templates.length >= PASS_TEMPLATES_PER_PROJECT;

  function show(template: string | null) {
    const next = new URLSearchParams(params);
    if (template) next.set('template', template);
    else next.delete('template');
    setParams(next);
    window.scrollTo({ top: 0 });
  }

  if (open && data && (open === 'new' ? canManage : editing)) {
    // A new template starts from the server's, in the words of the project's kind of pass (no token on a wallet pass).
    const initial = draftOf(editing ?? data.passProject.defaultTemplate);
    return (
      <ProjectFrame
        projectId={projectId}
        section="templates"
        title={editing ? `Template: ${editing.name}` : 'New template'}
        description="Colours, images and fields of the pass in Apple Wallet and Google Wallet. The preview follows every change."
      >
        <TemplateEditor key={open} projectId={projectId} template={editing} initial={initial} canManage={canManage} onDone={() => show(null)} />
      </ProjectFrame>
    );
  }

  return (
    <ProjectFrame
      projectId={projectId}
      section="templates"
      description="How passes look in Apple Wallet and Google Wallet. The REST API names a template for each pass."
      actions={
        canManage && (
          <AddButton onClick={() => show('new')} disabled={!data || full}>
            New template
          </AddButton>
        )
      }
    >
      {error && <QueryErrorAlert title="Could not load the templates" error={error} onRetry={refetch} />}
      {open && data && !editing && open !== 'new' && <ErrorAlert message="This template does not exist any more." title="Template not found" />}
      {loading && !data ? (
        <Skeleton className="h-64 w-full" />
      ) : templates.length === 0 ? (
        <EmptyState
          icon={<LayoutTemplateIcon />}
          title="No templates yet"
          action={canManage && <AddButton onClick={() => show('new')}>Design a template</AddButton>}
        >
          Your templates will appear here with a preview. A pass needs one: design its colours, logo and fields, and see both wallets as you type.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
          {templates.map((template) => (
            <li key={template.id}>
              <Card className="h-full gap-3 py-4" data-testid="template-card">
                <CardContent className="flex flex-col gap-3 px-4">
                  <div className="pointer-events-none origin-top scale-90" aria-hidden>
                    <ApplePassPreview
                      template={template}
                      images={{ logo: template.logoImageUrl, icon: template.iconImageUrl, strip: template.stripImageUrl }}
                    />
                  </div>
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{template.name}</p>
                      <p className="text-xs text-muted-foreground">
                        {labelOfPassStyle(template.style)} · {labelOfBarcodeFormat(template.barcodeFormat)} · {formatCount(template.passCount)}{' '}
                        {template.passCount === 1 ? 'pass' : 'passes'} · updated {formatDate(template.updatedAt)}
                      </p>
                      <p className="mt-1 font-mono text-[11px] break-all text-muted-foreground" title="The id the REST API takes as templateId">
                        {template.id}
                      </p>
                    </div>
                    <span className="flex shrink-0 gap-1">
                      <RowIconButton action="edit" label={`${canManage ? 'Edit' : 'View'} the template ${template.name}`} onClick={() => show(template.id)} />
                      {canManage && <RowIconButton action="delete" label={`Delete the template ${template.name}`} onClick={() => setDeleting(template)} />}
                    </span>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmItemDialog
        noun="template"
        item={deleting}
        description="A template that passes use cannot be deleted; invalidate them first or keep it."
        onConfirm={(id) => remove({ variables: { id } })}
        onClose={() => setDeleting(null)}
      />
    </ProjectFrame>
  );
}
