// A local fake of the parts of Stripe's HTTP API the adapter uses (api.stripe.com/v1, as documented in
// github.com/stripe/openapi), on 127.0.0.1. Form-encoded bodies in bracket notation, Bearer secret keys, Stripe-shaped
// objects and error JSON. Every request is recorded so tests assert what the adapter sent; it also builds webhook
// deliveries as Stripe sends them, signed with the library's own test-header helper.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

type Json = Record<string, unknown>;
interface PriceSeed {
  lookupKey: string;
  unitAmount: number;
  interval: 'month' | 'year';
  productName: string;
  currency?: string;
}

const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const DAY = 86_400;

/** Stripe's bracket notation (a[b][0][c]=v, a[]=v) → nested objects, indexed keys → arrays. */
export function parseStripeParams(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const parts = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, '')) ?? [key];
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    const converted = entries.map(([key, inner]) => [key, arrays(inner)] as const);
    if (entries.length > 0 && entries.every(([key], index) => key === String(index))) return converted.map(([, inner]) => inner);
    return Object.fromEntries(converted);
  };
  return arrays(root) as Record<string, unknown>;
}

export async function startFakeStripe(options: { secretKey: string; prices?: PriceSeed[] }) {
  const requests: RecordedStripeRequest[] = [];
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const failures: Array<{ method: string; path: RegExp; status: number; error: Json }> = [];
  let baseUrl = '';

  const seeds: PriceSeed[] = options.prices ?? [
    { lookupKey: 'basic_monthly', unitAmount: 4900, interval: 'month', productName: 'Rampart Basic' },
    { lookupKey: 'basic_yearly', unitAmount: 49000, interval: 'year', productName: 'Rampart Basic' },
    { lookupKey: 'pro_monthly', unitAmount: 19900, interval: 'month', productName: 'Rampart Pro' },
    { lookupKey: 'pro_yearly', unitAmount: 199000, interval: 'year', productName: 'Rampart Pro' },
  ];
  for (const seed of seeds) {
    let product = [...products.values()].find((candidate) => candidate.name === seed.productName);
    if (!product) {
      product = {
        id: randomId('prod'),
        object: 'product',
        active: true,
        name: seed.productName,
        description: `${seed.productName} for partners.`,
        marketing_features: [{ name: 'Support chat' }],
        metadata: {},
        livemode: false,
        created: now(),
      };
      products.set(product.id as string, product);
    }
    const id = randomId('price');
    prices.set(id, {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: seed.currency ?? 'usd',
      livemode: false,
      lookup_key: seed.lookupKey,
      metadata: {},
      nickname: null,
      product: product.id,
      recurring: { interval: seed.interval, interval_count: 1, usage_type: 'licensed', meter: null },
      type: 'recurring',
      unit_amount: seed.unitAmount,
      unit_amount_decimal: String(seed.unitAmount),
    });
  }

  const stripeError = (status: number, type: string, message: string, extra: Json = {}) => ({ status, body: { error: { type, message, ...extra } } });
  const missing = (kind: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });
  const expandList = (params: Json) => (Array.isArray(params.expand) ? (params.expand as string[]) : []);
  const priceById = (id: string) => prices.get(id)!;
  const priceByLookup = (key: string) => [...prices.values()].find((price) => price.lookup_key === key);

  function periodEnd(start: number, price: Json) {
    return start + ((price.recurring as Json).interval === 'year' ? 365 : 30) * DAY;
  }

  function subscriptionView(subscription: Json, expand: string[]): Json {
    const view = structuredClone(subscription);
    if (expand.includes('default_payment_method') && typeof view.default_payment_method === 'string')
      view.default_payment_method = paymentMethods.get(view.default_payment_method) ?? null;
    return view;
  }

  function scheduleView(schedule: Json, expand: string[]): Json {
    const view = structuredClone(schedule);
    if (expand.includes('phases.items.price')) {
      for (const phase of view.phases as Json[]) for (const item of phase.items as Json[]) item.price = priceById(item.price as string);
    }
    return view;
  }

  function newInvoice(
    subscription: Json,
    price: Json,
    input: { status: 'paid' | 'open'; amount: number; reason: string; periodStart: number; periodEnd: number },
  ): Json {
    const id = randomId('in');
    const invoice: Json = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: input.status,
      amount_due: input.amount,
      amount_paid: input.status === 'paid' ? input.amount : 0,
      amount_remaining: input.status === 'paid' ? 0 : input.amount,
      currency: price.currency,
      attempt_count: 1,
      attempted: true,
      auto_advance: input.status === 'open',
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      created: now(),
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${id}`,
      livemode: false,
      number: `FAKE-${invoices.size + 1}`,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: {} } },
      lines: list(
        [
          {
            id: randomId('il'),
            object: 'line_item',
            amount: input.amount,
            currency: price.currency,
            period: { start: input.periodStart, end: input.periodEnd },
            pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
            quantity: 1,
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function route(method: string, path: string, params: Json): { status: number; body: unknown } {
    const failure = failures.findIndex((candidate) => candidate.method === method && candidate.path.test(path));
    if (failure >= 0) {
      const [chosen] = failures.splice(failure, 1);
      return { status: chosen!.status, body: { error: chosen!.error } };
    }
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Array.isArray(params.lookup_keys) ? (params.lookup_keys as string[]) : [];
      const expandProduct = expandList(params).includes('data.product');
      const data = [...prices.values()]
        .filter(
          (price) =>
            (keys.length === 0 || keys.includes(price.lookup_key as string)) && (params.active === undefined || String(price.active) === params.active),
        )
        .map((price) => (expandProduct ? { ...price, product: products.get(price.product as string) } : price));
      return { status: 200, body: list(data, '/v1/prices') };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const id = randomId('cus');
      const customer = {
        id,
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (params.line_items as Json[] | undefined) ?? [];
      const priceId = lineItems[0]?.price as string | undefined;
      if (params.mode !== 'subscription') return stripeError(400, 'invalid_request_error', 'Missing required param: mode.', { param: 'mode' });
      if (!priceId || !prices.has(priceId))
        return stripeError(400, 'invalid_request_error', `No such price: '${priceId ?? ''}'`, { code: 'resource_missing', param: 'line_items[0][price]' });
      if (!customers.has(params.customer as string)) return missing('customer', String(params.customer));
      const id = `cs_test_${crypto.randomBytes(24).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: now(),
        expires_at: now() + DAY,
        livemode: false,
        // Kept for completeCheckout; Stripe returns line items only through their own endpoint.
        _price: priceId,
        _subscription_metadata: (params.subscription_data as Json | undefined)?.metadata ?? {},
      };
      sessions.set(id, session);
      return { status: 200, body: publicSession(session) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer as string)) return missing('customer', String(params.customer));
      const id = randomId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url ?? null,
          url: `https://billing.stripe.com/p/session/test_${id}`,
          created: now(),
          livemode: false,
          configuration: 'bpc_fake',
          locale: null,
          on_behalf_of: null,
          flow: null,
        },
      };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      if (method === 'GET') return { status: 200, body: subscriptionView(subscription, expandList(params)) };
      if (method === 'POST') return updateSubscription(subscription, params);
      if (method === 'DELETE') {
        // Stripe answers a second cancel as if the subscription did not exist.
        if (subscription.status === 'canceled') return missing('subscription', match[1]!);
        const at = now();
        const details = (params.cancellation_details as Json | undefined) ?? {};
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: at,
          ended_at: at,
          cancel_at_period_end: false,
          cancel_at: null,
          cancellation_details: { comment: details.comment ?? null, feedback: details.feedback ?? null, reason: 'cancellation_requested' },
        });
        // Canceling stops automatic collection of the subscription's open invoices.
        for (const invoice of invoices.values()) if (invoice.customer === subscription.customer && invoice.status === 'open') invoice.auto_advance = false;
        return { status: 200, body: subscriptionView(subscription, expandList(params)) };
      }
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const subscription = subscriptions.get(params.from_subscription as string);
      if (!subscription) return missing('subscription', String(params.from_subscription));
      if (subscription.schedule)
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule as string}\`.`,
        );
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const id = randomId('sub_sched');
      const schedule = {
        id,
        object: 'subscription_schedule',
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        released_subscription: null,
        created: now(),
        livemode: false,
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: (item.price as Json).id, quantity: 1 }],
            proration_behavior: 'create_prorations',
          },
        ],
      };
      schedules.set(id, schedule);
      subscription.schedule = id;
      return { status: 200, body: schedule };
    }
    if ((match = path.match(/^\/v1\/subscription_schedules\/(sub_sched_[A-Za-z0-9]+)(\/release)?$/))) {
      const schedule = schedules.get(match[1]!);
      if (!schedule) return missing('subscription_schedule', match[1]!);
      if (method === 'GET') return { status: 200, body: scheduleView(schedule, expandList(params)) };
      if (method === 'POST' && match[2]) {
        if (schedule.status !== 'active' && schedule.status !== 'not_started')
          return stripeError(
            400,
            'invalid_request_error',
            `You cannot release a subscription schedule that is currently in the \`${schedule.status as string}\` status.`,
          );
        schedule.status = 'released';
        schedule.released_subscription = schedule.subscription;
        const subscription = subscriptions.get(schedule.subscription as string);
        if (subscription) subscription.schedule = null;
        schedule.subscription = null;
        return { status: 200, body: schedule };
      }
      if (method === 'POST') {
        const phases = params.phases as Json[] | undefined;
        if (!phases?.length) return stripeError(400, 'invalid_request_error', 'Missing required param: phases.', { param: 'phases' });
        let start = Number(phases[0]!.start_date);
        schedule.phases = phases.map((phase) => {
          const items = (phase.items as Json[]).map((item) => ({ price: item.price as string, quantity: Number(item.quantity ?? 1) }));
          for (const item of items) if (!prices.has(item.price)) throw new Error(`fake stripe: unknown price ${item.price}`);
          const duration = phase.duration as Json | undefined;
          const end = phase.end_date
            ? Number(phase.end_date)
            : start + (duration?.interval === 'year' ? 365 : 30) * DAY * Number(duration?.interval_count ?? 1);
          const built = { start_date: start, end_date: end, items };
          start = end;
          return built;
        });
        if (params.end_behavior) schedule.end_behavior = params.end_behavior;
        return { status: 200, body: schedule };
      }
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_methods\/(pm_[A-Za-z0-9]+)$/))) {
      const found = paymentMethods.get(match[1]!);
      return found ? { status: 200, body: found } : missing('payment_method', match[1]!);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));
  }

  function updateSubscription(subscription: Json, params: Json) {
    const items = (subscription.items as { data: Json[] }).data;
    if (params.cancel_at_period_end !== undefined) {
      if (subscription.schedule)
        return stripeError(
          400,
          'invalid_request_error',
          `The subscription is managed by the subscription schedule \`${subscription.schedule as string}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        );
      subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      subscription.cancel_at = subscription.cancel_at_period_end ? items[0]!.current_period_end : null;
    }
    const changes = params.items as Json[] | undefined;
    if (changes) {
      for (const change of changes) {
        const item = items.find((candidate) => candidate.id === change.id);
        if (!item) return stripeError(400, 'invalid_request_error', `Invalid subscription_item id: ${String(change.id)}`, { param: 'items[0][id]' });
        const price = prices.get(change.price as string);
        if (!price)
          return stripeError(400, 'invalid_request_error', `No such price: '${String(change.price)}'`, { code: 'resource_missing', param: 'items[0][price]' });
        const before = item.price as Json;
        item.price = price;
        if (params.proration_behavior === 'always_invoice') {
          const difference = Math.max(0, (price.unit_amount as number) - (before.unit_amount as number));
          newInvoice(subscription, price, {
            status: 'paid',
            amount: difference,
            reason: 'subscription_update',
            periodStart: now(),
            periodEnd: item.current_period_end as number,
          });
        }
      }
    }
    if (params.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(params.metadata as Json) };
    return { status: 200, body: subscriptionView(subscription, expandList(params)) };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = request.method === 'GET' || request.method === 'DELETE' ? parseStripeParams(url.search.slice(1)) : parseStripeParams(body);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : undefined);
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: header('idempotency-key'),
        stripeVersion: header('stripe-version'),
      });
      const requestId = `req_${crypto.randomBytes(8).toString('hex')}`;
      let answer: { status: number; body: unknown };
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        answer = stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${String(request.headers.authorization ?? '').slice(7, 15)}****`);
      } else {
        try {
          answer = route(request.method ?? 'GET', url.pathname, params);
        } catch (error) {
          answer = stripeError(400, 'invalid_request_error', (error as Error).message);
        }
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': requestId }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe(options.secretKey);

  /** An Event object as Stripe delivers it, carrying a snapshot of `object`. */
  function event(type: string, object: Json, input: { created?: number; previousAttributes?: Json } = {}): Json {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: input.created ?? now(),
      data: { object: structuredClone(object), ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  return {
    url: baseUrl,
    requests,
    prices,
    subscriptions,
    invoices,
    sessions,
    priceByLookup,
    /** The next request matching method + path answers with Stripe's error JSON and this status. */
    failNext(method: string, path: RegExp, status: number, error: Json) {
      failures.push({ method, path, status, error });
    },
    /** The customer pays on the hosted page: a subscription, its first paid invoice, and the three events Stripe sends. */
    completeCheckout(sessionId: string, input: { card?: { brand: string; last4: string }; created?: number } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      const price = priceById(session._price as string);
      const start = input.created ?? now();
      const paymentMethod = {
        id: randomId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        card: { brand: input.card?.brand ?? 'visa', last4: input.card?.last4 ?? '4242', exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
        created: start,
        livemode: false,
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      const id = randomId('sub');
      const subscription: Json = {
        id,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: start,
        default_payment_method: paymentMethod.id,
        latest_invoice: null,
        livemode: false,
        metadata: session._subscription_metadata,
        schedule: null,
        items: list(
          [
            {
              id: randomId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              subscription: id,
              current_period_start: start,
              current_period_end: periodEnd(start, price),
              created: start,
            },
          ],
          `/v1/subscription_items?subscription=${id}`,
        ),
      };
      subscriptions.set(id, subscription);
      const invoice = newInvoice(subscription, price, {
        status: 'paid',
        amount: price.unit_amount as number,
        reason: 'subscription_create',
        periodStart: start,
        periodEnd: periodEnd(start, price),
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id });
      return {
        subscription,
        invoice,
        events: [
          event('checkout.session.completed', publicSession(session), { created: start }),
          event('customer.subscription.created', subscription, { created: start }),
          event('invoice.paid', invoice, { created: start }),
        ],
      };
    },
    /** An event carrying the subscription as it is now (or as given). */
    subscriptionEvent(
      type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
      subscriptionId: string,
      input: { created?: number; previousAttributes?: Json } = {},
    ) {
      return event(type, subscriptions.get(subscriptionId)!, input);
    },
    /** The renewal charge fails: an open invoice, the subscription past due, and both events. */
    failRenewal(subscriptionId: string, created = now()) {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const price = item.price as Json;
      const invoice = newInvoice(subscription, price, {
        status: 'open',
        amount: price.unit_amount as number,
        reason: 'subscription_cycle',
        periodStart: item.current_period_end as number,
        periodEnd: periodEnd(item.current_period_end as number, price),
      });
      subscription.status = 'past_due';
      return [
        event('invoice.payment_failed', invoice, { created }),
        event('customer.subscription.updated', subscription, { created, previousAttributes: { status: 'active' } }),
      ];
    },
    /** The subscription ends (cancelled at period end, or dunning gave up). */
    endSubscription(subscriptionId: string, created = now()) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, { status: 'canceled', canceled_at: created, ended_at: created });
      return event('customer.subscription.deleted', subscription, { created });
    },
    event,
    /** The body and Stripe-Signature header of a delivery, signed as Stripe does (the library's test helper). */
    sign(payload: Json | string, secret: string, timestamp?: number) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
      const header = signer.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
      return { body, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
