import { type ReactNode } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { RAMP_SECTION_LABEL, RampProductTabs } from '@/components/layouts/ramp-product-tabs';
import { type RampProductKey, type RampSection } from '@/config/routes';
import { PRODUCT_LABEL } from '@/lib/format';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A ramp product's set-up page: the product's sections as links, the title and the content. */
export function RampFrame({
  product,
  section,
  description,
  actions,
  children,
}: {
  product: RampProductKey;
  section: RampSection;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const productLabel = PRODUCT_LABEL[product] ?? product;
  const title = RAMP_SECTION_LABEL[section];
  useDocumentTitle(`${productLabel} · ${title} · Rampart`);
  return (
    <PageLayout>
      <RampProductTabs product={product} />
      <PageHeading
        eyebrow={<p className="text-sm font-medium text-muted-foreground">{productLabel}</p>}
        title={title}
        description={description}
        actions={actions}
      />
      {children}
    </PageLayout>
  );
}
