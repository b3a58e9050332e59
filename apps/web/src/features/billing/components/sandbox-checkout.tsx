import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { BILLING_INTERVAL_LABEL } from '@rampart/shared/billing';
import { CheckIcon, LockIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { FormattedInputField } from '@/components/form/formatted-input-field';
import { InputField } from '@/components/form/input-field';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CompleteSandboxCheckoutMutation, SandboxCheckoutQuery } from '@/features/billing/api/billing';
import { cardDigits, cardSchema, formatExpiry, groupCardNumber, type CardValues } from '@/features/billing/lib/card';
import { goTo } from '@/features/billing/lib/use-billing-actions';
import { formatAmount, formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/form-errors';
import { describeApiError } from '@/lib/graphql-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Adds a query parameter to the dashboard path the sandbox returns to. */
export function withCheckoutOutcome(returnPath: string, outcome: 'success' | 'cancelled'): string {
  return `${returnPath}${returnPath.includes('?') ? '&' : '?'}checkout=${outcome}`;
}

/** The sandbox's hosted checkout (Stripe Checkout's stand-in): the plan, test cards and a card form. */
export function SandboxCheckout() {
  const { sessionId = '' } = useParams();
  const { data, loading, error } = useQuery(SandboxCheckoutQuery, { variables: { id: sessionId } });
  const [complete] = useMutation(CompleteSandboxCheckoutMutation);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const schema = useMemo(() => cardSchema(), []);
  const form = useForm<CardValues>({ resolver: zodResolver(schema), defaultValues: { number: '', expiry: '', cvc: '', nameOnCard: '' }, mode: 'onTouched' });
  const session = data?.sandboxCheckoutSession ?? null;

  useDocumentTitle('Checkout · Rampart billing sandbox');

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const result = await complete({ variables: { sessionId, card: { ...values, number: cardDigits(values.number) } } });
      if (result.data) goTo(result.data.completeSandboxCheckout.url);
    } catch (caught) {
      const general = applyServerErrors(form, caught, {
        number: 'number',
        'card.number': 'number',
        expiry: 'expiry',
        'card.expiry': 'expiry',
        cvc: 'cvc',
        'card.cvc': 'cvc',
        nameOnCard: 'nameOnCard',
        'card.nameOnCard': 'nameOnCard',
      });
      setGeneralError(general);
    }
  });

  function fill(number: string) {
    form.setValue('number', groupCardNumber(number), { shouldValidate: true });
    if (!form.getValues('expiry')) form.setValue('expiry', '12/34', { shouldValidate: true });
    if (!form.getValues('cvc')) form.setValue('cvc', '123', { shouldValidate: true });
    form.setFocus('nameOnCard');
  }

  if (loading && !data) return <Skeleton className="h-[32rem] w-full max-w-4xl" />;
  if (!session) {
    return (
      <div className="w-full max-w-md">
        <ErrorAlert message={error ? describeApiError(error).message : 'This checkout does not exist.'} title="Could not open the checkout" />
      </div>
    );
  }
  const product = session.product;
  const open = session.status === 'open';

  return (
    <div className="grid w-full max-w-4xl gap-6 md:grid-cols-[1fr_1.1fr]">
      <section aria-labelledby="checkout-summary" className="flex flex-col gap-5 md:pt-2">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted-foreground">{session.organizationName} subscribes to</p>
          <h1 id="checkout-summary" className="text-2xl font-semibold tracking-tight">
            Rampart {product.plan}
          </h1>
          <p className="flex items-baseline gap-1.5">
            <span className="text-3xl font-semibold tracking-tight tabular-nums">{formatAmount(product.usdPrice, product.currency)}</span>
            <span className="text-sm text-muted-foreground">
              a {product.recurring.interval} · {BILLING_INTERVAL_LABEL[product.recurring.interval].toLowerCase()} billing
            </span>
          </p>
          <p className="text-sm text-muted-foreground">{product.description}</p>
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          {product.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Due today</dt>
            <dd className="font-medium tabular-nums">{formatAmount(product.usdPrice, product.currency)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Then</dt>
            <dd className="tabular-nums">
              {formatAmount(product.usdPrice, product.currency)} every {product.recurring.interval}, until you cancel
            </dd>
          </div>
        </dl>
      </section>
      <Card className="self-start">
        <CardHeader>
          <CardTitle>Pay with card</CardTitle>
          <CardDescription>
            {open
              ? `This checkout is open until ${formatDateTime(session.expiresAt)}.`
              : `This checkout is ${session.status}; start again from your dashboard.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <section aria-labelledby="test-cards" className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
            <h2 id="test-cards" className="text-sm font-semibold">
              Test cards
            </h2>
            <p className="text-xs text-muted-foreground">Any future expiry date and any CVC work. Choose one to fill the form.</p>
            <ul className="flex flex-col">
              {session.testCards.map((card) => (
                <li key={card.number}>
                  <button
                    type="button"
                    onClick={() => fill(card.number)}
                    disabled={!open}
                    className="flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                    aria-label={`Use ${card.number}: ${card.label}`}
                  >
                    <span className="font-mono tabular-nums">{card.number}</span>
                    <span className="text-xs text-muted-foreground">{card.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <Form {...form}>
            <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Card details">
              <ErrorAlert message={generalError} title="The payment did not go through" />
              <FormattedInputField
                control={form.control}
                name="number"
                label="Card number"
                format={groupCardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                className="font-mono"
                disabled={!open}
              />
              <div className="grid grid-cols-2 gap-4">
                <FormattedInputField
                  control={form.control}
                  name="expiry"
                  label="Expiry (MM/YY)"
                  format={formatExpiry}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  disabled={!open}
                />
                <InputField
                  control={form.control}
                  name="cvc"
                  label="CVC"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  placeholder="123"
                  disabled={!open}
                />
              </div>
              <InputField control={form.control} name="nameOnCard" label="Name on card" autoComplete="cc-name" disabled={!open} />
              <Button type="submit" size="lg" disabled={!open || form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner label="Paying" /> : <LockIcon aria-hidden />}
                Pay {formatAmount(product.usdPrice, product.currency)}
              </Button>
              <a
                href={withCheckoutOutcome(session.returnPath, 'cancelled')}
                className="text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                Cancel and return to Rampart
              </a>
            </form>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
