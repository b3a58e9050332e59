// A country the partner does not serve: either a full stop (Block) or a way to continue elsewhere (Redirect).
import { Globe } from 'lucide-react';
import { Button, StepHeading } from '../components/ui';
import { useWidget } from '../context';
import { countryName } from '../lib/countries';

export function BlockedStep({
  country,
  message,
  action,
  redirectURL,
  onChangeCountry,
}: {
  country: string;
  message: string;
  action: 'Block' | 'Redirect' | null;
  redirectURL: string | null;
  onChangeCountry: () => void;
}) {
  const { bootstrap } = useWidget();
  const safeRedirect = redirectURL && /^https?:\/\//i.test(redirectURL) ? redirectURL : null;
  const inFrame = window.top !== window.self;
  return (
    <div className="flex flex-1 flex-col">
      <Globe aria-hidden className="mb-3 size-10 text-muted-fg" />
      <StepHeading description={message}>Not available in {countryName(country)}</StepHeading>
      <p className="text-sm text-muted-fg">
        {action === 'Redirect' && safeRedirect
          ? `${bootstrap.account.name} offers another way to continue from ${countryName(country)}.`
          : `${bootstrap.account.name} cannot offer this service to residents of ${countryName(country)}.`}
      </p>
      <div className="mt-auto space-y-2 pt-6">
        {action === 'Redirect' && safeRedirect ? (
          <a
            href={safeRedirect}
            target={inFrame ? '_top' : undefined}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand px-4 font-semibold text-brand-foreground"
          >
            Continue on {hostOf(safeRedirect)}
          </a>
        ) : null}
        <Button variant="secondary" onClick={onChangeCountry}>
          I live somewhere else
        </Button>
      </div>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
