import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { goLivePath, kybPath, RAMP_PRODUCT_ROUTES, RAMP_SECTIONS, rampSectionPath, type RampProductKey, type RampSection } from '@/config/routes';
import { PRODUCT_LABEL } from '@/lib/format';
import { cn } from '@/lib/utils';

export const SECTION_LABEL: Record<RampSection, string> = { cryptos: 'Cryptocurrencies', fees: 'Fees', integrate: 'Integrate' };

/** A ramp product's set-up page: the product's sections as links, the title and the content. */
export function RampFrame({ product, section, description, actions, children }: { product: RampProductKey; section: RampSection; description: string; actions?: ReactNode; children: ReactNode }) {
  const productLabel = PRODUCT_LABEL[product] ?? product;
  const title = SECTION_LABEL[section];
  useEffect(() => {
    document.title = `${productLabel} · ${title} · Rampart`;
  }, [productLabel, title]);
  const links = [
    { to: RAMP_PRODUCT_ROUTES.find((entry) => entry.product === product)!.base, label: 'Overview', end: true },
    ...RAMP_SECTIONS[product].map((entry) => ({ to: rampSectionPath(product, entry), label: SECTION_LABEL[entry], end: false })),
    { to: kybPath(product), label: 'Business verification', end: false },
    { to: goLivePath(product), label: 'Go live', end: false },
  ];
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <nav aria-label={`${productLabel} set-up`} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    isActive && 'bg-card text-foreground shadow-sm',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm font-medium text-muted-foreground">{productLabel}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
