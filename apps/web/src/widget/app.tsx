// The widget: one flow (buy, sell or swap) as a few steps, with the price kept fresh until the customer commits.
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { regionOfCountry } from '@rampart/shared/regions';
import type { WidgetBootstrap, WidgetParamName, WidgetQuote, WidgetTransaction } from '@rampart/shared/widget';
import { type FieldErrors, type Order, WidgetContext, type WidgetContextValue } from './context';
import { usePurchase, useQuote } from './hooks';
import { addressTagError, emailError, walletAddressError } from './lib/address';
import { type CardPayment, type QuoteRequest, type TransactionRequest, type WidgetApi, WidgetRequestError } from './lib/api';
import { guessCountry } from './lib/countries';
import { fiatDecimals, formatCrypto, parseAmountInput } from './lib/decimal';
import { AmountStep } from './steps/amount-step';
import { BlockedStep } from './steps/blocked-step';
import { ConfirmStep } from './steps/confirm-step';
import { DepositStep } from './steps/deposit-step';
import { DetailsStep } from './steps/details-step';
import { PaymentStep } from './steps/payment-step';
import { ProcessingStep } from './steps/processing-step';
import { ResultStep } from './steps/result-step';

type Step = 'amount' | 'details' | 'payment' | 'confirm' | 'deposit' | 'processing' | 'result';
const BACK: Partial<Record<Step, Step>> = { details: 'amount', payment: 'details' };

function initialOrder(bootstrap: WidgetBootstrap): Order {
  const { params, currencies, fiatCurrencies, paymentMethods } = bootstrap;
  const codes = currencies.map((currency) => currency.code);
  const crypto = params.currencyCode && codes.includes(params.currencyCode) ? params.currencyCode : (codes[0] ?? '');
  const receive =
    params.quoteCurrencyCode && codes.includes(params.quoteCurrencyCode) && params.quoteCurrencyCode !== crypto
      ? params.quoteCurrencyCode
      : (codes.find((code) => code !== crypto) ?? '');
  const fiatParam = params.baseCurrencyCode?.toLowerCase();
  const fiat = fiatParam && fiatCurrencies.includes(fiatParam) ? fiatParam : fiatCurrencies.includes('usd') ? 'usd' : (fiatCurrencies[0] ?? 'usd');
  const bankMethod = fiat === 'eur' && paymentMethods.includes('sepa') ? 'sepa' : paymentMethods.includes('ach') ? 'ach' : (paymentMethods[0] ?? 'sepa');
  return {
    fiatCurrencyCode: fiat,
    amountText: params.baseCurrencyAmount ?? (bootstrap.flow === 'buy' ? '100' : ''),
    cryptoCurrencyCode: crypto,
    quoteCryptoCurrencyCode: receive,
    country: guessCountry(typeof navigator === 'undefined' ? [] : navigator.languages),
    email: params.email ?? '',
    walletAddress: params.walletAddress ?? '',
    walletAddressTag: params.walletAddressTag ?? '',
    refundWalletAddress: '',
    bankMethod,
  };
}

export function WidgetApp({ bootstrap, api }: { bootstrap: WidgetBootstrap; api: WidgetApi }) {
  const flow = bootstrap.flow;
  const context = useMemo<WidgetContextValue>(() => {
    const locked = new Set<WidgetParamName>(bootstrap.lockedParams);
    const byCode = new Map(bootstrap.currencies.map((currency) => [currency.code, currency]));
    return { bootstrap, api, isLocked: (name) => locked.has(name), currency: (code) => byCode.get(code) };
  }, [bootstrap, api]);

  const [step, setStep] = useState<Step>('amount');
  const [order, setOrder] = useState(() => initialOrder(bootstrap));
  const [showAmountError, setShowAmountError] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { transaction, setTransaction, reached, confirming, answer, ended, paid } = usePurchase(api, setFormError, setStep);
  const [changingCountry, setChangingCountry] = useState(false);

  const asset = context.currency(order.cryptoCurrencyCode);
  const amountDecimals = flow === 'buy' ? fiatDecimals(order.fiatCurrencyCode) : (asset?.decimals ?? 8);
  const parsedAmount = parseAmountInput(order.amountText, amountDecimals);
  const amountError = !parsedAmount.ok && (showAmountError || order.amountText !== '') ? parsedAmount.error : null;

  // Staff may turn a payout method off in some regions: a country whose region lacks the chosen one uses one it has.
  const byRegion = bootstrap.paymentMethodsByRegion;
  const offeredHere = byRegion[regionOfCountry(order.country)] ?? byRegion.Global ?? bootstrap.paymentMethods;
  const bankMethod = offeredHere.includes(order.bankMethod)
    ? order.bankMethod
    : (offeredHere.find((method) => method === 'sepa' || method === 'ach') ?? order.bankMethod);
  const paymentMethod = flow === 'buy' ? 'creditCard' : flow === 'sell' ? bankMethod : 'balance';
  const amountValue = parsedAmount.ok ? parsedAmount.value : null;
  const request = useMemo<QuoteRequest | null>(() => {
    if (amountValue === null || !order.cryptoCurrencyCode) return null;
    if (flow === 'swap' && (!order.quoteCryptoCurrencyCode || order.quoteCryptoCurrencyCode === order.cryptoCurrencyCode)) return null;
    return {
      cryptoCurrencyCode: order.cryptoCurrencyCode,
      ...(flow === 'swap' ? { quoteCryptoCurrencyCode: order.quoteCryptoCurrencyCode } : {}),
      fiatCurrencyCode: flow === 'swap' ? 'usd' : order.fiatCurrencyCode,
      amount: amountValue,
      paymentMethod,
      country: order.country,
    };
  }, [flow, order.cryptoCurrencyCode, order.quoteCryptoCurrencyCode, order.fiatCurrencyCode, order.country, paymentMethod, amountValue]);

  const quote = useQuote(api, request, step === 'amount' || step === 'details' || step === 'payment');

  const update = useCallback((patch: Partial<Order>) => {
    setOrder((previous) => ({ ...previous, ...patch }));
    setFieldErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
    if (patch.country) setChangingCountry(false);
    setFormError(null);
  }, []);

  // The payout choice follows the region (see bankMethod above), so the details step shows what is used.
  useEffect(() => {
    if (flow === 'sell' && bankMethod !== order.bankMethod) update({ bankMethod });
  }, [flow, bankMethod, order.bankMethod, update]);

  const go = (next: Step) => {
    setFormError(null);
    setPriceNotice(null);
    setStep(next);
  };

  const transactionRequest = (): TransactionRequest | null => {
    if (!request) return null;
    const tag = order.walletAddressTag.trim();
    const base = { ...request, email: order.email.trim() };
    const refund = order.refundWalletAddress.trim();
    if (flow === 'sell') return refund ? { ...base, refundWalletAddress: refund } : base;
    return { ...base, walletAddress: order.walletAddress.trim(), ...(tag ? { walletAddressTag: tag } : {}) };
  };

  /** Field errors from the API next to their fields (on the details step); anything else in words below. */
  const showRequestError = (caught: unknown, onStep: Step) => {
    if (caught instanceof WidgetRequestError) {
      const details = caught.details;
      const detailsFields = ['email', 'walletAddress', 'walletAddressTag', 'refundWalletAddress', 'country', 'paymentMethod'];
      if (Object.keys(details).some((key) => detailsFields.includes(key))) {
        setFieldErrors(details);
        setStep('details');
        return;
      }
      if (details.amount || details.cryptoCurrencyCode || details.fiatCurrencyCode) {
        setFieldErrors(details);
        setStep('amount');
        return;
      }
      setFormError(caught.message);
    } else {
      setFormError('Something went wrong. Try again.');
    }
    setStep(onStep);
  };

  const validateDetails = (): boolean => {
    const receiving = context.currency(flow === 'swap' ? order.quoteCryptoCurrencyCode : order.cryptoCurrencyCode);
    const errors: FieldErrors = {};
    const email = emailError(order.email);
    if (email) errors.email = email;
    if (receiving) {
      if (flow === 'sell') {
        const refund = order.refundWalletAddress.trim() ? walletAddressError(order.refundWalletAddress, receiving) : null;
        if (refund) errors.refundWalletAddress = refund;
      } else {
        const wallet = walletAddressError(order.walletAddress, receiving);
        if (wallet) errors.walletAddress = wallet;
        const tag = receiving.supportsAddressTag ? addressTagError(order.walletAddressTag) : null;
        if (tag) errors.walletAddressTag = tag;
      }
    }
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  };

  /** A quote that is still valid; when none can be had, says why. */
  const freshQuote = async (): Promise<WidgetQuote | null> => {
    const fresh = await quote.fresh();
    if (!fresh) setFormError('The price could not be refreshed. Check the amount and try again.');
    return fresh;
  };

  const continueFromDetails = async () => {
    if (!validateDetails()) return;
    if (flow === 'buy') {
      go('payment');
      return;
    }
    const body = transactionRequest();
    if (!body) return;
    setSubmitting(true);
    setFormError(null);
    try {
      if (!(await freshQuote())) return;
      const created = await api.createTransaction(body);
      setTransaction(created);
      go('deposit');
    } catch (caught) {
      showRequestError(caught, 'details');
    } finally {
      setSubmitting(false);
    }
  };

  const pay = async (card: CardPayment) => {
    setSubmitting(true);
    setFormError(null);
    setPriceNotice(null);
    try {
      let current = transaction && transaction.status === 'waitingPayment' ? transaction : null;
      if (!current) {
        const shown = quote.quote;
        const fresh = await freshQuote();
        if (!fresh) return;
        if (shown && fresh.quoteCurrencyAmount !== shown.quoteCurrencyAmount) {
          // The price moved while the customer typed the card: say so before charging.
          setPriceNotice(
            `The price was updated: you now get ≈ ${formatCrypto(fresh.quoteCurrencyAmount, asset?.ticker ?? fresh.cryptoCurrencyCode, asset?.decimals)}. Press Pay again to accept it.`,
          );
          return;
        }
        const body = transactionRequest();
        if (!body) return;
        current = await api.createTransaction(body);
        setTransaction(current);
      }
      paid(await api.pay(current.id, card));
    } catch (caught) {
      if (
        caught instanceof WidgetRequestError &&
        Object.keys(caught.details).some((key) => ['cardNumber', 'expiryMonth', 'expiryYear', 'cvc', 'cardholderName'].includes(key))
      ) {
        setFieldErrors(caught.details);
        setFormError(caught.message);
      } else showRequestError(caught, 'payment');
    } finally {
      setSubmitting(false);
    }
  };

  const deposited = useCallback(
    (next: WidgetTransaction) => {
      setTransaction(next);
      setStep('processing');
    },
    [setTransaction],
  );

  const retry = () => {
    setTransaction(null);
    setFieldErrors({});
    go(flow === 'buy' ? 'payment' : 'details');
  };
  const restart = () => {
    setTransaction(null);
    setFieldErrors({});
    go('amount');
  };

  const blocked = quote.error?.type === 'country_blocked' && (step === 'amount' || step === 'details') && !changingCountry ? quote.error : null;
  const back = blocked ? undefined : BACK[step];

  let body: ReactNode;
  if (blocked) {
    body = (
      <BlockedStep
        country={order.country}
        message={blocked.message}
        action={blocked.action}
        redirectURL={bootstrap.redirectURL}
        onChangeCountry={() => {
          setChangingCountry(true);
          setFieldErrors({ country: blocked.message });
          go('details');
        }}
      />
    );
  } else if (step === 'amount') {
    body = (
      <AmountStep
        flow={flow}
        order={order}
        update={update}
        amountError={amountError ?? fieldErrors.amount ?? null}
        quote={quote}
        onContinue={() => {
          setShowAmountError(true);
          if (parsedAmount.ok && quote.quote) go('details');
        }}
      />
    );
  } else if (step === 'details') {
    body = (
      <DetailsStep
        flow={flow}
        order={order}
        update={update}
        errors={fieldErrors}
        formError={formError ?? (changingCountry ? null : (quote.error?.message ?? null))}
        quote={quote}
        submitting={submitting}
        onContinue={() => void continueFromDetails()}
      />
    );
  } else if (step === 'payment') {
    body = (
      <PaymentStep
        quote={quote.quote}
        serverErrors={fieldErrors}
        formError={formError}
        notice={priceNotice}
        submitting={submitting}
        onPay={(card) => void pay(card)}
      />
    );
  } else if (step === 'confirm' && transaction) {
    body = <ConfirmStep transaction={transaction} submitting={confirming} error={formError} onAnswer={(approve) => void answer(approve)} />;
  } else if (step === 'deposit' && transaction) {
    body = <DepositStep initial={transaction} onDeposited={deposited} onEnded={ended} />;
  } else if (step === 'processing' && transaction) {
    body = <ProcessingStep initial={transaction} onEnded={ended} />;
  } else if (step === 'result' && transaction) {
    body = (
      <ResultStep
        transaction={transaction}
        reached={reached}
        receiveCode={flow === 'swap' ? order.quoteCryptoCurrencyCode : null}
        onRetry={retry}
        onRestart={restart}
      />
    );
  }

  return (
    <WidgetContext.Provider value={context}>
      <Shell partner={bootstrap.account.name} onBack={back ? () => go(back) : undefined}>
        {/* A new key per step: each step mounts fresh and its heading takes focus. */}
        <div key={blocked ? 'blocked' : step} className="flex flex-1 flex-col">
          {body}
        </div>
      </Shell>
    </WidgetContext.Provider>
  );
}

export function Shell({ partner, onBack, children }: { partner: string | null; onBack?: () => void; children: ReactNode }) {
  return (
    <div className="flex min-h-full items-stretch justify-center sm:items-center sm:p-6">
      <main className="relative flex min-h-full w-full max-w-[440px] flex-col overflow-hidden bg-panel sm:min-h-[660px] sm:rounded-3xl sm:border sm:border-line sm:shadow-xl">
        <header className="flex items-center gap-2 px-4 pt-3 pb-1">
          {onBack ? (
            <button type="button" onClick={onBack} className="-ml-2 rounded-lg p-2 hover:bg-muted" aria-label="Back">
              <ArrowLeft aria-hidden className="size-5" />
            </button>
          ) : null}
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-muted-fg">{partner}</span>
          <span className="rounded-full bg-warn-bg px-2.5 py-1 text-[11px] font-bold tracking-wider text-warn-fg" title="Test mode: no real money moves">
            TEST MODE
          </span>
        </header>
        <div className="flex flex-1 flex-col px-5 pt-2 pb-5">{children}</div>
        <footer className="border-t border-line px-5 py-2.5 text-center text-xs text-muted-fg">Powered by Rampart · test mode, no real money moves</footer>
      </main>
    </div>
  );
}
