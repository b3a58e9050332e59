// The NFT checkout (issue 38): the token on sale, its price in the buyer's currency, the wallet it goes to, then the
// card step, processing and result the buy widget uses.
import { type ReactNode, useMemo, useState } from 'react';
import { ImageIcon } from 'lucide-react';
import type { WidgetBootstrap, WidgetNft, WidgetParamName } from '@rampart/shared/widget';
import { Shell } from './app';
import { Notice, Rows, SelectField, Spinner, StepActions, StepForm, StepHeading, TextField, Button } from './components/ui';
import { type FieldErrors, WidgetContext, type WidgetContextValue } from './context';
import { usePurchase, useQuote } from './hooks';
import { emailError, shortAddress } from './lib/address';
import { type CardPayment, type NftQuoteRequest, type WidgetApi, WidgetRequestError } from './lib/api';
import { COUNTRIES, guessCountry } from './lib/countries';
import { formatDecimal, formatFiat } from './lib/decimal';
import { ConfirmStep } from './steps/confirm-step';
import { PaymentStep } from './steps/payment-step';
import { ProcessingStep } from './steps/processing-step';
import { ResultStep } from './steps/result-step';

type Step = 'checkout' | 'payment' | 'confirm' | 'processing' | 'result';
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CARD_FIELDS = ['cardNumber', 'expiryMonth', 'expiryYear', 'cvc', 'cardholderName'];

function tokenLabel(nft: WidgetNft): string {
  return nft.tokenId ? `${nft.collection.name} #${nft.tokenId}` : `${nft.collection.name}, next token`;
}

function NftImage({ nft }: { nft: WidgetNft }) {
  const [failed, setFailed] = useState(false);
  return nft.collection.imageUrl && !failed ? (
    <img
      src={nft.collection.imageUrl}
      alt=""
      onError={() => setFailed(true)}
      className="aspect-square w-24 shrink-0 rounded-2xl border border-line object-cover"
    />
  ) : (
    <span className="flex aspect-square w-24 shrink-0 items-center justify-center rounded-2xl border border-line bg-muted text-muted-fg">
      <ImageIcon aria-hidden className="size-8" />
    </span>
  );
}

/** Opened without a collection by an account that sells several: each collection's own checkout link. */
function Choices({ choices }: { choices: NonNullable<WidgetBootstrap['nftChoices']> }) {
  return (
    <div className="flex flex-1 flex-col">
      <StepHeading description="Choose the collection to buy from.">Buy an NFT</StepHeading>
      <ul className="space-y-2">
        {choices.map((choice) => (
          <li key={choice.url}>
            <a href={choice.url} className="flex items-center gap-3 rounded-2xl border border-line p-3 font-medium hover:bg-muted">
              {choice.imageUrl ? (
                <img src={choice.imageUrl} alt="" className="size-10 rounded-lg object-cover" />
              ) : (
                <ImageIcon aria-hidden className="size-6" />
              )}
              {choice.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NftApp({ bootstrap, api }: { bootstrap: WidgetBootstrap; api: WidgetApi }) {
  const context = useMemo<WidgetContextValue>(() => {
    const locked = new Set<WidgetParamName>(bootstrap.lockedParams);
    return { bootstrap, api, isLocked: (name) => locked.has(name), currency: () => undefined };
  }, [bootstrap, api]);
  const nft = bootstrap.nft ?? null;
  const fiats = bootstrap.fiatCurrencies;
  const [step, setStep] = useState<Step>('checkout');
  const [fiat, setFiat] = useState(() => {
    const wanted = bootstrap.params.baseCurrencyCode?.toLowerCase();
    return wanted && fiats.includes(wanted) ? wanted : fiats.includes('usd') ? 'usd' : (fiats[0] ?? 'usd');
  });
  const [country, setCountry] = useState(() => guessCountry(typeof navigator === 'undefined' ? [] : navigator.languages));
  const [email, setEmail] = useState(bootstrap.params.email ?? '');
  const [wallet, setWallet] = useState(bootstrap.params.walletAddress ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { transaction, setTransaction, reached, confirming, answer, ended, paid } = usePurchase(api, setFormError, setStep);

  const paymentMethod = bootstrap.paymentMethods.includes('creditCard') ? 'creditCard' : (bootstrap.paymentMethods[0] ?? 'creditCard');
  const request = useMemo<NftQuoteRequest | null>(() => (nft ? { fiatCurrencyCode: fiat, paymentMethod, country } : null), [nft, fiat, paymentMethod, country]);
  const quote = useQuote(api, request, step === 'checkout' || step === 'payment');
  const mode = nft?.walletDisplayMode ?? 'EDITABLE';

  const go = (next: Step) => {
    setFormError(null);
    setStep(next);
  };

  const toPayment = () => {
    const next: FieldErrors = {};
    const mailProblem = emailError(email);
    if (mailProblem) next.email = mailProblem;
    if (mode === 'EDITABLE' && !EVM_ADDRESS.test(wallet.trim())) next.walletAddress = 'Enter an EVM wallet address: 0x followed by 40 hex digits.';
    setErrors(next);
    if (Object.keys(next).length === 0 && quote.quote) go('payment');
  };

  const pay = async (card: CardPayment) => {
    setSubmitting(true);
    setFormError(null);
    try {
      let current = transaction?.status === 'waitingPayment' ? transaction : null;
      if (!current) {
        if (!(await quote.fresh())) {
          setFormError('The price could not be refreshed. Try again.');
          return;
        }
        current = await api.createTransaction({
          fiatCurrencyCode: fiat,
          paymentMethod,
          country,
          email: email.trim(),
          ...(mode === 'EDITABLE' ? { walletAddress: wallet.trim() } : {}),
        });
        setTransaction(current);
      }
      paid(await api.pay(current.id, card));
    } catch (caught) {
      if (caught instanceof WidgetRequestError && Object.keys(caught.details).some((key) => CARD_FIELDS.includes(key))) {
        setErrors(caught.details);
        setFormError(caught.message);
      } else if (caught instanceof WidgetRequestError && (caught.details.email || caught.details.walletAddress || caught.details.country)) {
        setErrors(caught.details);
        go('checkout');
      } else setFormError(caught instanceof WidgetRequestError ? caught.message : 'Something went wrong. Try again.');
    } finally {
      setSubmitting(false);
    }
  };

  const again = () => {
    setTransaction(null);
    setErrors({});
    go('checkout');
  };

  let body: ReactNode;
  if (!nft) body = <Choices choices={bootstrap.nftChoices ?? []} />;
  else if (step === 'checkout') {
    const q = quote.quote;
    body = (
      <StepForm onSubmit={toPayment}>
        <StepHeading>Buy an NFT</StepHeading>
        <section aria-label="The NFT" className="mb-4 flex gap-4 rounded-2xl border border-line p-3">
          <NftImage nft={nft} />
          <div className="min-w-0 space-y-1">
            <p className="truncate font-semibold">{nft.tokenId ? `${nft.collection.name} #${nft.tokenId}` : nft.collection.name}</p>
            <p className="text-sm text-muted-fg">{nft.tokenId ? 'A token minted by the collection' : 'The next token, minted to your wallet'}</p>
            <p className="text-xs text-muted-fg">
              {nft.collection.networkName} · <span className="font-mono">{shortAddress(nft.collection.contractAddress)}</span>
            </p>
            <p className="text-sm font-medium tabular-nums">
              {formatDecimal(nft.priceAmount, { maxDecimals: 18 })} {nft.priceCurrencyCode.toUpperCase()}
            </p>
          </div>
        </section>
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Pay in" value={fiat} onChange={(event) => setFiat(event.target.value)}>
            {fiats.map((code) => (
              <option key={code} value={code}>
                {code.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <SelectField label="Country" value={country} onChange={(event) => setCountry(event.target.value)} error={errors.country}>
            {COUNTRIES.map((each) => (
              <option key={each.code} value={each.code}>
                {each.name}
              </option>
            ))}
          </SelectField>
        </div>
        <section aria-label="Price" className="my-4 rounded-2xl border border-line bg-bg/60 p-4">
          {q ? (
            <Rows
              rows={[
                { label: 'NFT price', value: `${formatDecimal(nft.priceAmount, { maxDecimals: 18 })} ${nft.priceCurrencyCode.toUpperCase()}` },
                { label: 'Fees', value: formatFiat(q.totalFeeAmount, q.fiatCurrencyCode) },
                { label: 'You pay', value: formatFiat(q.baseCurrencyAmount, q.fiatCurrencyCode), strong: true },
              ]}
            />
          ) : quote.error ? (
            <Notice>{quote.error.message}</Notice>
          ) : (
            <Spinner label="Getting the price" />
          )}
        </section>
        <div className="space-y-4">
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            locked={context.isLocked('email')}
            readOnly={context.isLocked('email')}
          />
          {mode === 'EDITABLE' ? (
            <TextField
              label="Wallet address (receives the NFT)"
              placeholder="0x…"
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              value={wallet}
              onChange={(event) => setWallet(event.target.value)}
              error={errors.walletAddress}
              locked={context.isLocked('walletAddress')}
              readOnly={context.isLocked('walletAddress')}
            />
          ) : mode === 'READONLY' ? (
            <Rows rows={[{ label: 'Delivered to', value: <span className="font-mono">{shortAddress(wallet)}</span> }]} />
          ) : (
            <p className="text-sm text-muted-fg">The NFT goes to the wallet {bootstrap.account.name} holds for you.</p>
          )}
          {formError ? <Notice>{formError}</Notice> : null}
        </div>
        <StepActions>
          <Button type="submit" disabled={!q}>
            Continue to payment
          </Button>
        </StepActions>
      </StepForm>
    );
  } else if (step === 'payment') {
    body = (
      <PaymentStep
        quote={quote.quote}
        serverErrors={errors}
        formError={formError}
        notice={null}
        submitting={submitting}
        onPay={(card) => void pay(card)}
        receiveLabel={tokenLabel(nft)}
      />
    );
  } else if (step === 'confirm' && transaction) {
    body = <ConfirmStep transaction={transaction} submitting={confirming} error={formError} onAnswer={(approve) => void answer(approve)} />;
  } else if (step === 'processing' && transaction) {
    body = <ProcessingStep initial={transaction} onEnded={ended} />;
  } else if (step === 'result' && transaction) {
    body = <ResultStep transaction={transaction} reached={reached} receiveCode={null} onRetry={again} onRestart={again} />;
  }

  return (
    <WidgetContext.Provider value={context}>
      <Shell partner={bootstrap.account.name} onBack={step === 'payment' ? () => go('checkout') : undefined}>
        <div key={step} className="flex flex-1 flex-col">
          {body}
        </div>
      </Shell>
    </WidgetContext.Provider>
  );
}
