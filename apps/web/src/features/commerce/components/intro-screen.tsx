import { ArrowRightIcon, BadgeCheckIcon, BuildingIcon, CoinsIcon, WalletIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CommerceFrame } from '@/features/commerce/components/commerce-frame';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { commercePath, commerceSectionFor } from '@/features/commerce/lib/commerce';
import { commerceIntroDescription, commercePageDescription, finishOnboardingTitle, onboardingStepText } from '@/features/commerce/lib/onboarding-words';
import { SANDBOX_NOTE, type PayoutProvider } from '@/features/commerce/lib/payout-words';
import { usePermission } from '@/hooks/use-permission';

const stepsFor = (provider: PayoutProvider) => [
  {
    icon: BuildingIcon,
    title: 'Create the merchant account',
    text: 'Give your business name and a contact e-mail. We open a Helio merchant account for this Rampart account, with the payout wallets added by then.',
  },
  {
    icon: BadgeCheckIcon,
    title: finishOnboardingTitle(provider),
    text: onboardingStepText(provider),
  },
  {
    icon: WalletIcon,
    title: 'Add payout wallets',
    text: 'Helio pays out to your own wallets, one per currency and network you accept: those it received with the merchant account, and those set in your Helio dashboard.',
  },
];

/** What Commerce is and how to start. */
export function CommerceIntroScreen() {
  const canManage = usePermission('commerce:manage');
  const { onboarding } = useHelioOnboarding();
  const status = onboarding?.merchantAccount?.status ?? null;
  const next = commerceSectionFor(status);
  const provider = onboarding?.provider ?? 'helio';
  return (
    <CommerceFrame title="Commerce" description={commercePageDescription(provider)}>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CoinsIcon className="size-5 text-primary" aria-hidden /> Crypto payments through Helio
          </CardTitle>
          <CardDescription>{commerceIntroDescription(provider)}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {onboarding?.provider === 'builtin' && <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{SANDBOX_NOTE}</p>}
          <ol className="grid gap-4 md:grid-cols-3">
            {stepsFor(provider).map((step, index) => (
              <li key={step.title} className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-4">
                <span className="flex items-center gap-2 text-sm font-medium">
                  <span className="flex size-6 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground">{index + 1}</span>
                  {step.title}
                </span>
                <span className="text-sm text-muted-foreground">{step.text}</span>
              </li>
            ))}
          </ol>
          <div className="rounded-lg border p-4 text-sm">
            <p className="font-medium">Fees</p>
            <p className="text-muted-foreground">
              Helio's processing fee applies to each payment, as set in your agreement with Helio. Network fees of a payout are paid from the payout. Creating
              the merchant account and adding wallets is free.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {status === null ? (
              canManage ? (
                <Button asChild>
                  <Link to={commercePath('onboarding')}>
                    Set up commerce <ArrowRightIcon aria-hidden />
                  </Link>
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">An administrator of this account can set up commerce.</p>
              )
            ) : (
              <Button asChild variant="outline">
                <Link to={commercePath(next)}>{next === 'account' ? 'View the merchant account' : 'Continue onboarding'}</Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </CommerceFrame>
  );
}
