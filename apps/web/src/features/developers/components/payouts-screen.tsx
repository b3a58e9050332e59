import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { walletAddressProblem } from '@rampart/shared/developer-settings';
import { CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CreatePayoutMutation, PayoutQuery, UpdatePayoutMutation } from '@/features/developers/api/settings';
import { CurrencyIcon } from '@/components/currency-icon';
import { DevelopersFrame } from '@/features/developers/components/developers-frame';
import { formatDateTime } from '@/features/developers/lib/format';
import { useAccountSettings } from '@/features/developers/lib/scope';
import type { Developers_PayoutQuery } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { QueryErrorAlert } from '@/components/query-boundary';

type Currency = Developers_PayoutQuery['cryptoCurrencies'][number];
type Configuration = NonNullable<Developers_PayoutQuery['affiliatePayoutConfigurationForAccount']>;

/** The address is checked against the chosen currency's pattern, as the server does. */
function payoutSchema(currencies: readonly Currency[]) {
  return z.object({ currencyId: z.string(), walletAddress: z.string() }).superRefine((values, ctx) => {
    const currency = currencies.find((item) => item.id === values.currencyId);
    if (!currency) {
      ctx.addIssue({ code: 'custom', path: ['currencyId'], message: 'Choose a currency' });
      return;
    }
    const problem = walletAddressProblem(values.walletAddress, currency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: problem });
  });
}
type PayoutValues = z.infer<ReturnType<typeof payoutSchema>>;

function PayoutForm({
  accountId,
  configuration,
  currencies,
  canManage,
}: {
  accountId: string;
  configuration: Configuration | null;
  currencies: readonly Currency[];
  canManage: boolean;
}) {
  const [create] = useMutation(CreatePayoutMutation, { refetchQueries: [PayoutQuery] });
  const [update] = useMutation(UpdatePayoutMutation);
  const schema = useMemo(() => payoutSchema(currencies), [currencies]);
  const form = useForm<PayoutValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { currencyId: configuration?.currencyId ?? '', walletAddress: configuration?.walletAddress ?? '' },
  });

  useEffect(() => {
    if (configuration) form.reset({ currencyId: configuration.currencyId, walletAddress: configuration.walletAddress });
  }, [configuration, form]);

  const [currencyId, address] = useWatch({ control: form.control, name: ['currencyId', 'walletAddress'] });
  const touched = Boolean(form.formState.touchedFields.walletAddress) || form.formState.isSubmitted;
  const currency = currencies.find((item) => item.id === currencyId) ?? null;
  const liveProblem = currency && (touched || address) ? walletAddressProblem(address, currency) : null;
  const unchanged = configuration !== null && configuration.currencyId === currencyId && configuration.walletAddress === address.trim();
  const saving = form.formState.isSubmitting;

  const { onSubmit, generalError } = useServerSubmit(form, { currencyId: 'currencyId', walletAddress: 'walletAddress' }, async (values) => {
    const variables = { accountId, currencyId: values.currencyId, walletAddress: values.walletAddress.trim() };
    if (configuration) await update({ variables });
    else await create({ variables });
    toast({ title: 'Payout address saved', description: `${currency?.name ?? ''} to ${variables.walletAddress}` });
  });

  return (
    <Card>
      <Form {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              Payout wallet
              {configuration ? (
                <Badge variant="secondary" className="gap-1">
                  <CheckCircle2Icon className="size-3" aria-hidden /> Configured
                </Badge>
              ) : (
                <Badge variant="outline">Not set up</Badge>
              )}
            </CardTitle>
            <CardDescription>
              {configuration
                ? `Last changed ${formatDateTime(configuration.updatedAt)}.`
                : 'Choose the currency you want to be paid in and the wallet that receives it.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <ErrorAlert message={generalError} title="Could not save the payout address" />
            <FormField
              control={form.control}
              name="currencyId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Currency</FormLabel>
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      // The address is checked again against the new currency, once there is one to check.
                      if (form.getValues('walletAddress') || touched) void form.trigger('walletAddress');
                    }}
                    disabled={!canManage}
                  >
                    <FormControl>
                      <SelectTrigger ref={field.ref} className="w-full sm:w-96">
                        <SelectValue placeholder="Choose a currency" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent className="max-h-80">
                      {currencies.map((item) => (
                        <SelectItem key={item.id} value={item.id}>
                          <span className="flex items-center gap-2">
                            <CurrencyIcon icon={item.icon} />
                            <span>{item.name}</span>
                            <span className="text-xs text-muted-foreground uppercase">{item.code}</span>
                          </span>
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                  {currency && (
                    <p className="text-xs text-muted-foreground">
                      Network: {currency.networkCode.replaceAll('_', ' ')}
                      {currency.isSuspendedUS && ' · not available to US customers'}
                    </p>
                  )}
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="walletAddress"
              render={({ field, fieldState }) => {
                const addressError = fieldState.error?.message ?? null;
                return (
                  <FormItem>
                    <FormLabel>Wallet address</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        placeholder={currency ? `Your ${currency.name} address` : 'Choose a currency first'}
                        disabled={!currency || !canManage}
                        spellCheck={false}
                        autoComplete="off"
                        className="font-mono"
                        aria-describedby="payout-address-message"
                      />
                    </FormControl>
                    <p id="payout-address-message" className={addressError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
                      {addressError ??
                        (currency && address && !liveProblem ? `Looks like a valid ${currency.name} address.` : 'Double-check it: payouts cannot be reversed.')}
                    </p>
                    {currency?.supportsAddressTag && (
                      <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
                        <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                        This network uses a destination tag or memo. Use an address of your own wallet that needs none, not an exchange deposit address.
                      </p>
                    )}
                  </FormItem>
                );
              }}
            />
          </CardContent>
          {canManage && (
            <CardFooter className="justify-end">
              <Button type="submit" disabled={saving || !currency || Boolean(liveProblem) || unchanged}>
                {saving && <Spinner label="Saving" />}
                {configuration ? 'Save changes' : 'Save payout address'}
              </Button>
            </CardFooter>
          )}
        </form>
      </Form>
    </Card>
  );
}

/** Where the account's affiliate earnings are paid: a currency of the catalogue and a wallet address checked against it. */
export function PayoutsScreen() {
  const { accountId, canManage, data, loading, error, refetch } = useAccountSettings(PayoutQuery);
  const configuration = data?.affiliatePayoutConfigurationForAccount ?? null;
  const currencies = useMemo(
    () => (data?.cryptoCurrencies ?? []).filter((currency) => !currency.isSuspended || currency.id === configuration?.currencyId),
    [data, configuration],
  );

  return (
    <DevelopersFrame title="Payouts" description="Where we pay your affiliate earnings, in crypto.">
      {error && <QueryErrorAlert title="Could not load the payout settings" error={error} onRetry={refetch} />}
      {loading && !data ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        data && accountId && <PayoutForm accountId={accountId} configuration={configuration} currencies={currencies} canManage={canManage} />
      )}
    </DevelopersFrame>
  );
}
