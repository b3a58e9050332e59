// The quote kept fresh while it is shown, and a transaction followed by polling.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { WidgetQuote, WidgetTransaction } from '@rampart/shared/widget';
import { type NftQuoteRequest, type QuoteRequest, type WidgetApi, WidgetRequestError } from './lib/api';
import { isQuoteExpired, msUntilRefresh } from './lib/quote';
import { isFinal, stepsReached } from './lib/status';

export interface QuoteState {
  quote: WidgetQuote | null;
  /** When it arrived (ms), for the "refreshes in" countdown. */
  receivedAt: number;
  error: WidgetRequestError | null;
  loading: boolean;
  /** The current quote if still valid, else a new one (null when it cannot be had; `error` says why). */
  fresh: () => Promise<WidgetQuote | null>;
}

function requestKey(request: QuoteRequest | NftQuoteRequest | null): string {
  return request ? JSON.stringify(request) : '';
}

/** Quotes `request` (debounced while typing), again every 30 s or before it expires, while `live`. */
export function useQuote(api: WidgetApi, request: QuoteRequest | NftQuoteRequest | null, live: boolean): QuoteState {
  const key = requestKey(request);
  const [state, setState] = useState<{ key: string; quote: WidgetQuote | null; receivedAt: number; error: WidgetRequestError | null; loading: boolean }>({
    key: '',
    quote: null,
    receivedAt: 0,
    error: null,
    loading: false,
  });
  const latest = useRef({ key, request, state });
  useLayoutEffect(() => {
    latest.current = { key, request, state };
  });
  const sequence = useRef(0);

  const load = useCallback(async (): Promise<WidgetQuote | null> => {
    const { key: wanted, request: body } = latest.current;
    if (!body) return null;
    const mine = ++sequence.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const quote = await api.quote(body);
      if (mine === sequence.current) setState({ key: wanted, quote, receivedAt: Date.now(), error: null, loading: false });
      return quote;
    } catch (caught) {
      const error = caught instanceof WidgetRequestError ? caught : new WidgetRequestError(0, 'client_error', 'Could not get a price. Try again.');
      if (mine === sequence.current) setState({ key: wanted, quote: null, receivedAt: 0, error, loading: false });
      return null;
    }
  }, [api]);

  // A new request: debounce typing, then quote.
  useEffect(() => {
    if (!key) {
      sequence.current += 1;
      setState({ key: '', quote: null, receivedAt: 0, error: null, loading: false });
      return undefined;
    }
    if (latest.current.state.key === key && (latest.current.state.quote || latest.current.state.error)) return undefined;
    const timer = setTimeout(() => void load(), 350);
    return () => clearTimeout(timer);
  }, [key, load]);

  // Keep it fresh while shown.
  const { quote, receivedAt } = state;
  useEffect(() => {
    if (!live || !quote || state.key !== key) return undefined;
    const timer = setTimeout(() => void load(), msUntilRefresh(receivedAt, quote.expiresAt));
    return () => clearTimeout(timer);
  }, [live, quote, receivedAt, key, state.key, load]);

  const fresh = useCallback(async () => {
    const current = latest.current.state;
    if (current.quote && current.key === latest.current.key && !isQuoteExpired(current.quote.expiresAt)) return current.quote;
    return load();
  }, [load]);

  const current = state.key === key;
  return {
    quote: current ? state.quote : null,
    receivedAt: state.receivedAt,
    error: current ? state.error : null,
    loading: state.loading || (!current && Boolean(key)),
    fresh,
  };
}

/** Polls a transaction every second until it ends (or `until` says stop); remembers how far it got. */
export function useTransactionPolling(
  api: WidgetApi,
  initial: WidgetTransaction,
  until: (transaction: WidgetTransaction) => boolean = (transaction) => isFinal(transaction.status),
) {
  const [transaction, setTransaction] = useState(initial);
  const [reached, setReached] = useState(() => stepsReached(initial.kind, initial.status));
  const [error, setError] = useState<string | null>(null);
  const untilRef = useRef(until);
  useLayoutEffect(() => {
    untilRef.current = until;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const tick = async () => {
      try {
        const next = await api.transaction(initial.id);
        if (stopped) return;
        failures = 0;
        setError(null);
        setTransaction(next);
        if (next.status !== 'failed' && next.status !== 'frozen') setReached(stepsReached(next.kind, next.status));
        if (untilRef.current(next)) return;
      } catch (caught) {
        if (stopped) return;
        failures += 1;
        // Say so after a few misses; keep trying (a restart of the server does not lose the transaction).
        if (failures >= 3) setError(caught instanceof Error ? caught.message : 'Lost contact with the server; still trying.');
      }
      timer = setTimeout(() => void tick(), failures > 0 ? Math.min(5000, 1000 * 2 ** failures) : 1000);
    };
    if (!untilRef.current(initial)) timer = setTimeout(() => void tick(), 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, initial]);

  return { transaction, reached, error };
}

/**
 * A purchase's transaction once placed, how far its timeline got, and the test-mode confirmation step (approve or fail
 * the payment). `setStep` (a state setter: stable) shows the confirmation, processing or result step.
 */
export function usePurchase(api: WidgetApi, setFormError: (message: string | null) => void, setStep: (step: 'confirm' | 'processing' | 'result') => void) {
  const [transaction, setTransaction] = useState<WidgetTransaction | null>(null);
  const [reached, setReached] = useState(0);
  const [confirming, setConfirming] = useState<'approve' | 'fail' | null>(null);

  /** The transaction ended: its result shows, with `stepsDone` of its timeline reached. */
  const ended = useCallback(
    (next: WidgetTransaction, stepsDone = 0) => {
      setTransaction(next);
      setReached(stepsDone);
      setStep('result');
    },
    [setStep],
  );

  /** Where a payment or a test confirmation leads: the result when the transaction failed, processing otherwise. */
  const settle = (next: WidgetTransaction) => {
    if (next.status === 'failed') return ended(next);
    setTransaction(next);
    setStep('processing');
  };

  /** A card payment's answer: the test card's confirmation step when it asks for one, else where `settle` leads. */
  const paid = (result: { transaction: WidgetTransaction; requiresConfirmation: boolean }) => {
    if (!result.requiresConfirmation) return settle(result.transaction);
    setTransaction(result.transaction);
    setStep('confirm');
  };

  const answer = async (approve: boolean) => {
    if (!transaction) return;
    setConfirming(approve ? 'approve' : 'fail');
    setFormError(null);
    try {
      settle(await api.confirm(transaction.id, approve));
    } catch (caught) {
      setFormError(caught instanceof WidgetRequestError ? caught.message : 'The confirmation did not go through. Try again.');
    } finally {
      setConfirming(null);
    }
  };

  return { transaction, setTransaction, reached, confirming, answer, ended, paid };
}
