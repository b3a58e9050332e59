import { ConstructionIcon } from 'lucide-react';
import { useEffect } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';

interface AreaPlaceholderProps {
  title: string;
  description?: string;
}

/** An area that later releases fill: a clear title and a plain sentence, no fake data. */
export function AreaPlaceholder({ title, description }: AreaPlaceholderProps) {
  useEffect(() => {
    document.title = `${title} · Rampart`;
  }, [title]);
  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ConstructionIcon className="size-5" aria-hidden />
        </span>
        <p className="max-w-md text-sm text-muted-foreground">This area arrives with a later release of Rampart.</p>
      </div>
    </PageLayout>
  );
}
