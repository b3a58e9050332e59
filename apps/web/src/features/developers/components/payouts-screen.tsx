import { useMutation, useQuery } from '@apollo/client/react';
import { walletAddressProblem } from '@rampart/shared/developer-settings';
import { CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CreatePayoutMutation, PayoutQuery, UpdatePayoutMutation } from '@/features/developers/api/settings';
import { CurrencyIcon } from '@/components/currency-icon';
import { DevelopersFrame } from '@/features/developers/components/developers-frame';
import { formatDateTime } from '@/features/developers/lib/format';
import { useDeveloperScope } from '@/features/developers/lib/scope';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

/** Where the account's affiliate earnings are paid: a currency of the catalogue and a wallet address checked against it. */
export function PayoutsScreen() {
  const { accountId } = useDeveloperScope();
  const canManage = usePermission('developerSettings:manage');
  const { data, loading, error, refetch } = useQuery(PayoutQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const [create] = useMutation(CreatePayoutMutation, { refetchQueries: [PayoutQuery] });
  const [update] = useMutation(UpdatePayoutMutation);
  const configuration = data?.affiliatePayoutConfigurationForAccount ?? null;
  const currencies = useMemo(
    () => (data?.cryptoCurrencies ?? []).filter((currency) => !currency.isSuspended || currency.id === configuration?.currencyId),
    [data, configuration],
  );

  const [currencyId, setCurrencyId] = useState('');
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!configuration) return;
    setCurrencyId(configuration.currencyId);
    setAddress(configuration.walletAddress);
  }, [configuration]);

  const currency = currencies.find((item) => item.id === currencyId) ?? null;
  const liveProblem = currency && (touched || address) ? walletAddressProblem(address, currency) : null;
  const addressError = serverFields['walletAddress'] ?? (touched || address ? liveProblem : null);
  const unchanged = configuration !== null && configuration.currencyId === currencyId && configuration.walletAddress === address.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setServerFields({});
    setGeneralError(null);
    if (!accountId || !currency || walletAddressProblem(address, currency)) return;
    setSaving(true);
    try {
      const variables = { accountId, currencyId, walletAddress: address.trim() };
      if (configuration) await update({ variables });
      else await create({ variables });
      toast({ title: 'Payout address saved', description: `${currency.name} to ${address.trim()}` });
    } catch (caught) {
      const info = describeApiError(caught);
      setServerFields(info.fields);
      if (Object.keys(info.fields).length === 0) setGeneralError(info.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <DevelopersFrame title="Payouts" description="Where we pay your affiliate earnings, in crypto.">
      {error && <QueryErrorAlert title="Could not load the payout settings" error={error} onRetry={refetch} />}
      {loading && !data ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        data && (
          <Card>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
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
                <div className="flex flex-col gap-2">
                  <Label htmlFor="payout-currency">Currency</Label>
                  <Select
                    value={currencyId}
                    onValueChange={(value) => {
                      setCurrencyId(value);
                      setServerFields({});
                    }}
                    disabled={!canManage}
                  >
                    <SelectTrigger id="payout-currency" className="w-full sm:w-96" aria-invalid={Boolean(serverFields['currencyId'])}>
                      <SelectValue placeholder="Choose a currency" />
                    </SelectTrigger>
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
                  {serverFields['currencyId'] && <p className="text-sm text-destructive">{serverFields['currencyId']}</p>}
                  {currency && (
                    <p className="text-xs text-muted-foreground">
                      Network: {currency.networkCode.replaceAll('_', ' ')}
                      {currency.isSuspendedUS && ' · not available to US customers'}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-2">
                  <Label htmlFor="payout-address">Wallet address</Label>
                  <Input
                    id="payout-address"
                    value={address}
                    onChange={(event) => {
                      setAddress(event.target.value);
                      setServerFields({});
                    }}
                    onBlur={() => setTouched(true)}
                    placeholder={currency ? `Your ${currency.name} address` : 'Choose a currency first'}
                    disabled={!currency || !canManage}
                    spellCheck={false}
                    autoComplete="off"
                    className="font-mono"
                    aria-invalid={Boolean(addressError)}
                    aria-describedby="payout-address-message"
                  />
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
                </div>
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
          </Card>
        )
      )}
    </DevelopersFrame>
  );
}
