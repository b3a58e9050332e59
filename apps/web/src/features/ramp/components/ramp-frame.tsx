import { type ReactNode } from 'react';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { goLivePath, kybPath, RAMP_PRODUCT_ROUTES, RAMP_SECTIONS, rampSectionPath, type RampProductKey, type RampSection } from '@/config/routes';
import { PRODUCT_LABEL } from '@/lib/format';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const SECTION_LABEL: Record<RampSection, string> = { cryptos: 'Cryptocurrencies', fees: 'Fees', integrate: 'Integrate' };

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
  const title = SECTION_LABEL[section];
  useDocumentTitle(`${productLabel} · ${title} · Rampart`);
  const links = [
    { to: RAMP_PRODUCT_ROUTES.find((entry) => entry.product === product)!.base, label: 'Overview', end: true },
    ...RAMP_SECTIONS[product].map((entry) => ({ to: rampSectionPath(product, entry), label: SECTION_LABEL[entry], end: false })),
    { to: kybPath(product), label: 'Business verification', end: false },
    { to: goLivePath(product), label: 'Go live', end: false },
  ];
  return (
    <PageLayout>
      <NavTabs label={`${productLabel} set-up`} tabs={links} />
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
