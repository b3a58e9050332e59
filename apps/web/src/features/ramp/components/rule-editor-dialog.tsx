import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectItems } from '@/components/select-items';
import { Skeleton } from '@/components/ui/skeleton';
import { PricingRulesQuery, UpdatePricingRulesMutation } from '@/features/ramp/api/pricing';
import {
  ALL_METHODS_VALUE,
  maxPercentageOf,
  partnerFeeCapHint,
  PAYMENT_METHOD_LABEL,
  PAYMENT_METHODS,
  REGIONS,
  regionLabel,
  ruleErrorPath,
  ruleFormSchema,
  RULE_TYPE_LABEL,
  toRuleInput,
  toRuleRow,
  trimZeros,
  type Limits,
  type RuleFormValues,
} from '@/features/ramp/lib/pricing';
import type { PricingRuleType } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

interface RuleEditorDialogProps {
  accountId: string;
  type: PricingRuleType;
  transactionType: 'buy' | 'sell';
  limits: Limits;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Edits the account's own rules of one type for the page's transaction type. updatePricingRules replaces every rule of
 * the type, so the account's rules of the other transaction types (read across all regions) are sent back unchanged.
 */
export function RuleEditorDialog({ accountId, type, transactionType, limits, open, onOpenChange }: RuleEditorDialogProps) {
  const all = useQuery(PricingRulesQuery, { variables: { accountId, region: null }, skip: !open, fetchPolicy: 'network-only' });
  const own = useMemo(() => (all.data?.pricingRules.rules ?? []).filter((rule) => rule.type === type && rule.source === 'ACCOUNT'), [all.data, type]);
  const kept = own.filter((rule) => rule.transactionType !== transactionType);
  const editable = own.filter((rule) => rule.transactionType === transactionType);
  const schema = useMemo(() => ruleFormSchema(type, limits), [type, limits]);
  const form = useForm<RuleFormValues>({ resolver: zodResolver(schema), defaultValues: { rules: [] } });
  const rows = useFieldArray({ control: form.control, name: 'rules' });
  useUnsavedChanges(open && form.formState.isDirty);
  const [generalError, setGeneralError] = useState<string | null>(null);
  // The calculator on the same page quotes again with the new rules.
  const [save] = useMutation(UpdatePricingRulesMutation, { refetchQueries: ['Ramp_PricingRules', 'Ramp_Quote'], awaitRefetchQueries: true });
  const label = RULE_TYPE_LABEL[type];
  const cap = trimZeros(maxPercentageOf(limits, type));
  const watched = form.watch('rules');

  const loaded = all.data !== undefined;
  const editableKey = JSON.stringify(editable.map(toRuleRow));
  useEffect(() => {
    if (open && loaded) form.reset({ rules: JSON.parse(editableKey) as RuleFormValues['rules'] });
    if (open) setGeneralError(null);
  }, [open, loaded, editableKey, form]);

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    const sent = [
      ...values.rules.map((row) => toRuleInput(row, transactionType)),
      ...kept.map((rule) => ({
        region: rule.region,
        paymentMethod: rule.paymentMethod ?? null,
        transactionType: rule.transactionType,
        percentage: rule.percentage,
        fixedValue: rule.fixedValue,
        minValue: rule.minValue,
      })),
    ];
    try {
      await save({ variables: { accountId, type, rules: sent } });
      toast({
        title: `${label} saved`,
        description: values.rules.length
          ? `${values.rules.length} ${values.rules.length === 1 ? 'rule' : 'rules'} for ${transactionType === 'buy' ? 'buying' : 'selling'}.`
          : 'The defaults apply again.',
      });
      onOpenChange(false);
    } catch (error) {
      const info = describeApiError(error);
      let unmatched = Object.keys(info.fields).length === 0;
      for (const [field, message] of Object.entries(info.fields)) {
        const path = ruleErrorPath(field, values.rules.length);
        if (path) form.setError(path, { type: 'server', message }, { shouldFocus: true });
        else unmatched = true;
      }
      setGeneralError(unmatched ? (Object.values(info.fields)[0] ?? info.message) : null);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>
            Edit {label.toLowerCase()} · {transactionType === 'buy' ? 'buying' : 'selling'}
          </DialogTitle>
          <DialogDescription>
            {type === 'partnerFee' ? (
              <>
                Your whole fee — percentage, fixed value and minimum together — is at most {cap} % of each transaction (the provider’s cap): on smaller amounts
                a fixed value or minimum is cut to the cap. Fixed value and minimum up to {trimZeros(limits.maxFixedValue)} in the customer’s currency. Leave no
                rows to go back to the defaults.
              </>
            ) : (
              <>
                Percentage up to {cap} %; fixed value and minimum up to {trimZeros(limits.maxFixedValue)} in the customer’s currency. Leave no rows to go back
                to the defaults.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {!loaded ? (
          all.error ? (
            <QueryErrorAlert title="Could not load the rules" error={all.error} onRetry={all.refetch} />
          ) : (
            <Skeleton className="h-40 w-full" />
          )
        ) : (
          <Form {...form}>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
              <ErrorAlert title={`Could not save the ${label.toLowerCase()}`} message={generalError} />
              {rows.fields.length === 0 && (
                <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No rules of your own: the defaults apply.</p>
              )}
              <ol className="flex flex-col gap-3" aria-label={`${label} rules`}>
                {rows.fields.map((row, index) => (
                  <li
                    key={row.id}
                    className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(9rem,1.2fr)_minmax(10rem,1.4fr)_1fr_1fr_1fr_auto] sm:items-start sm:border-0 sm:p-0"
                  >
                    <FormField
                      control={form.control}
                      name={`rules.${index}.region`}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel className={index > 0 ? 'sm:sr-only' : undefined}>Region</FormLabel>
                          <Select value={field.value} onValueChange={field.onChange}>
                            <FormControl>
                              <SelectTrigger ref={field.ref} aria-label={`Region of rule ${index + 1}`} className="w-full">
                                <SelectValue />
                              </SelectTrigger>
                            </FormControl>
                            <SelectContent>
                              <SelectItems options={REGIONS} labelOf={regionLabel} />
                            </SelectContent>
                          </Select>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name={`rules.${index}.paymentMethod`}
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel className={index > 0 ? 'sm:sr-only' : undefined}>Payment method</FormLabel>
                          <Select value={field.value} onValueChange={field.onChange}>
                            <FormControl>
                              <SelectTrigger ref={field.ref} aria-label={`Payment method of rule ${index + 1}`} className="w-full">
                                <SelectValue />
                              </SelectTrigger>
                            </FormControl>
                            <SelectContent>
                              <SelectItem value={ALL_METHODS_VALUE}>All methods</SelectItem>
                              <SelectItems options={PAYMENT_METHODS} labelOf={(method) => PAYMENT_METHOD_LABEL[method]} />
                            </SelectContent>
                          </Select>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    {(['percentage', 'fixedValue', 'minValue'] as const).map((name) => (
                      <FormField
                        key={name}
                        control={form.control}
                        name={`rules.${index}.${name}`}
                        render={({ field }) => (
                          <FormItem>
                            <FormLabel className={index > 0 ? 'sm:sr-only' : undefined}>
                              {{ percentage: 'Percentage (%)', fixedValue: 'Fixed', minValue: 'Minimum' }[name]}
                            </FormLabel>
                            <FormControl>
                              <Input
                                {...field}
                                inputMode="decimal"
                                autoComplete="off"
                                aria-label={`${{ percentage: 'Percentage', fixedValue: 'Fixed value', minValue: 'Minimum' }[name]} of rule ${index + 1}`}
                              />
                            </FormControl>
                            <FormMessage />
                          </FormItem>
                        )}
                      />
                    ))}
                    <div className={index === 0 ? 'sm:pt-[1.375rem]' : undefined}>
                      <Button type="button" variant="ghost" size="icon" aria-label={`Remove rule ${index + 1}`} onClick={() => rows.remove(index)}>
                        <XIcon aria-hidden />
                      </Button>
                    </div>
                    {type === 'partnerFee' && watched[index] && partnerFeeCapHint(watched[index], limits.partnerFeeMaxPercentage) && (
                      <p className="text-xs text-muted-foreground sm:col-span-full" aria-live="polite">
                        Rule {index + 1}: {partnerFeeCapHint(watched[index], limits.partnerFeeMaxPercentage)}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
              <div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => rows.append({ region: 'Global', paymentMethod: ALL_METHODS_VALUE, percentage: '1', fixedValue: '0', minValue: '0' })}
                >
                  <PlusIcon aria-hidden /> Add rule
                </Button>
              </div>
              {kept.length > 0 && (
                <p className="text-xs text-muted-foreground">
                  Your {kept.length} {kept.length === 1 ? 'rule' : 'rules'} for {transactionType === 'buy' ? 'selling' : 'buying'} stay as they are.
                </p>
              )}
              <DialogSubmitFooter onCancel={() => onOpenChange(false)} pendingLabel="Saving">
                Save {label.toLowerCase()}
              </DialogSubmitFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
