import { z } from 'zod';
import { amountFormatProblem, MAX_AMOUNT_WHOLE_DIGITS } from '@rampart/shared/amounts';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';
import { API_ERROR_TYPES } from '../../lib/rest/errors.ts';
import { SAMPLE_CURRENCIES_AND_AMOUNTS, SAMPLE_FEES_AND_RATES, SAMPLE_WALLET_ADDRESS } from '../../lib/sample-transaction.ts';
import { NO_OPTIONAL_DETAILS, NO_STATUS_DETAILS } from '../../lib/transaction-details.ts';

/*
 * The /v1 API's schemas, declared once: the routes validate requests with them (zodValidatorCompiler of
 * lib/rest/errors.ts) and @fastify/swagger turns them into the OpenAPI document (lib/rest/openapi.ts). Those with a
 * `.meta({ id })` (zod's global registry) become `components.schemas`; `.describe()` and `example` metadata go into the
 * document too.
 */

const nullableText = z.string().nullable();
const decimal = (description: string, example: string) => z.string().describe(`${description} (a decimal string)`).meta({ example });
/** Response times: Date objects in handlers, ISO-8601 strings on the wire (documented as format date-time). */
const dateTime = z.date();
const uuid = z.uuid();

/** A text parameter we pass on to a query: bounded, and without characters no column can hold. */
export const textParameter = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} is a single text value`) })
    .max(200, `${name} has at most 200 characters`)
    .refine((value) => !hasForbiddenCharacters(value), `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`);

/** A whole transaction (every property the schema requires): the examples validate against their schemas. */
const TRANSACTION_EXAMPLE = {
  id: '0b0f3c53-52f3-4f0e-9a55-0f6d3f2f5a11',
  liveMode: false,
  kind: 'buy',
  balanceType: null,
  isNft: false,
  status: 'completed',
  ...NO_STATUS_DETAILS,
  createdAt: '2026-11-23T10:15:30.123Z',
  updatedAt: '2026-11-23T10:17:02.456Z',
  customerId: '5d4f7f0e-8a52-4d8e-a0c1-3f3c7b1f2e90',
  externalCustomerId: 'cust-77',
  externalTransactionId: 'order-1042',
  ...SAMPLE_CURRENCIES_AND_AMOUNTS,
  originalBaseCurrencyAmount: null,
  ...SAMPLE_FEES_AND_RATES,
  paymentMethod: 'sepa',
  country: 'DE',
  networkCode: 'ethereum',
  cryptoTransactionId: null,
  walletAddress: SAMPLE_WALLET_ADDRESS,
  ...NO_OPTIONAL_DETAILS,
  statusHistory: [
    { status: 'waitingPayment', at: '2026-11-23T10:15:30.123Z' },
    { status: 'completed', at: '2026-11-23T10:17:02.456Z', by: 'system' },
  ],
};

export const Transaction = z
  .object({
    id: uuid,
    liveMode: z.boolean(),
    kind: z.enum(['buy', 'sell', 'swap', 'balance']),
    balanceType: nullableText.describe('Balance transactions: Deposit, Reward, Withdrawal.'),
    isNft: z.boolean(),
    status: z.string().describe("The status in its kind's state machine, e.g. waitingPayment, pending, completed, failed."),
    detailedStatus: nullableText,
    pendingActionStatus: nullableText,
    isWaitingKyc: z.boolean(),
    failureReason: nullableText,
    flow: nullableText,
    isQuoteExpired: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
    customerId: uuid.nullable(),
    externalCustomerId: nullableText.describe('Your id of the customer, as given to the widget.'),
    externalTransactionId: nullableText.describe('Your id of the transaction, as given to the widget.'),
    baseCurrencyCode: z.string(),
    quoteCurrencyCode: nullableText,
    fiatCurrencyCode: z.string().describe('The fiat currency of a buy, sell or balance transaction; the base crypto of a swap.'),
    amount: decimal('The amount filters and sorts use: the fiat side of a buy or sell, the base amount of a swap', '150.00'),
    baseCurrencyAmount: decimal('Amount in the base currency', '150.00'),
    quoteCurrencyAmount: z.string().nullable(),
    originalBaseCurrencyAmount: z.string().nullable(),
    feeAmount: decimal('Rampart fee', '3.99'),
    extraFeeAmount: decimal('Your partner fee', '1.50'),
    networkFeeAmount: decimal('Network fee', '0.89'),
    usdRate: decimal('Value of one unit of fiatCurrencyCode in USD', '1.08'),
    eurRate: decimal('Value of one unit of fiatCurrencyCode in EUR', '1'),
    gbpRate: decimal('Value of one unit of fiatCurrencyCode in GBP', '0.86'),
    paymentMethod: nullableText,
    country: nullableText,
    networkCode: nullableText,
    cryptoTransactionId: nullableText,
    walletAddress: nullableText,
    walletAddressTag: nullableText,
    userAgent: nullableText,
    nftTransaction: z.record(z.string(), z.unknown()).nullable(),
    defiBuyTransaction: z.record(z.string(), z.unknown()).nullable(),
    refundWalletAddress: nullableText,
    depositHash: nullableText,
    refundApprovalStatus: nullableText,
    refundHash: nullableText,
    cancelledAt: dateTime.nullable(),
    cancelledBy: uuid.nullable(),
    refundApprovedAt: dateTime.nullable(),
    refundApprovedBy: uuid.nullable(),
    quote: z.record(z.string(), z.unknown()).nullable(),
    depositWalletAddress: nullableText,
    refundTransactionHash: nullableText,
    statusHistory: z.array(z.object({ status: z.string(), at: z.string(), by: z.string().nullish(), reason: z.string().nullish() })),
  })
  .meta({
    id: 'Transaction',
    description: 'A buy, sell, swap or balance transaction of your account, in the mode of the key. Amounts are decimal strings.',
    example: TRANSACTION_EXAMPLE,
  });

export const Customer = z
  .object({
    id: uuid,
    accountId: uuid,
    liveMode: z.boolean(),
    externalCustomerId: nullableText.describe('Your id of the customer.'),
    email: nullableText,
    firstName: nullableText,
    lastName: nullableText,
    country: nullableText,
    defaultCurrency: nullableText,
    kycLevel: z.string().describe('Basic, Blocked, Full or Lite.'),
    identityCheckStatus: z.string().describe('Clear, Failed, NotStarted, Pending, Rejected or Reset.'),
    identityCheckResult: nullableText.describe('clear, consider or rejected; null until the check finishes.'),
    isBlocked: z.boolean(),
    blockedAt: dateTime.nullable(),
    blockedBy: uuid.nullable(),
    isDeleted: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .meta({
    id: 'Customer',
    description: 'An end customer of your account, in the mode of the key.',
    example: {
      id: '5d4f7f0e-8a52-4d8e-a0c1-3f3c7b1f2e90',
      accountId: '9a1e2b3c-4d5e-4f60-8a71-b2c3d4e5f607',
      liveMode: false,
      externalCustomerId: 'cust-77',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Silva',
      country: 'PT',
      defaultCurrency: 'eur',
      kycLevel: 'Basic',
      identityCheckStatus: 'NotStarted',
      identityCheckResult: null,
      isBlocked: false,
      blockedAt: null,
      blockedBy: null,
      isDeleted: false,
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-23T10:15:30.123Z',
    },
  });

export const ErrorBody = z
  .object({
    error: z.object({
      type: z.enum(API_ERROR_TYPES).describe('The kind of problem: branch on it.'),
      code: z.string().describe('Which problem, a stable snake_case string (e.g. parameter_invalid, api_key_invalid, resource_missing).'),
      message: z.string().describe('What went wrong and how to fix it, in words for a developer.'),
      param: z.string().optional().describe('The query parameter, body field or header at fault.'),
      request_id: z
        .string()
        .describe('The Request-Id of the request that was answered (a replayed answer keeps the first request’s): quote it when you contact us.'),
      details: z.record(z.string(), z.string()).optional().describe('A message per invalid field.'),
    }),
  })
  .meta({
    id: 'Error',
    description: 'Every error of the API, whatever the version.',
    example: {
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'Some query parameters are not valid: limit.',
        param: 'limit',
        request_id: 'req_3kTq8ZpX0mB7vN2cR5sW1a',
        details: { limit: 'limit is at most 100' },
      },
    },
  });

export const TransactionList = z
  .object({
    object: z.literal('list'),
    url: z.string().describe('The path of this list.'),
    data: z.array(Transaction),
    has_more: z.boolean().describe('Whether more items follow in this direction.'),
    next_cursor: z.string().nullable().describe('Pass as starting_after for the next (older) page; null at the end.'),
    previous_cursor: z.string().nullable().describe('Pass as ending_before for the previous (newer) page; null at the start.'),
    liveMode: z.boolean(),
  })
  .meta({
    id: 'TransactionList',
    description: 'A page of transactions, newest first (version 2026-11-23 and later).',
    example: {
      object: 'list',
      url: '/v1/transactions',
      data: [TRANSACTION_EXAMPLE],
      has_more: true,
      next_cursor: 'AQAGRQ1m8b0zCw8PPFLzTw6aVQ9tPy9aEWm3rSs',
      previous_cursor: null,
      liveMode: false,
    },
  });

export const TransactionListV20260601 = z
  .object({ data: z.array(Transaction), limit: z.int(), offset: z.int(), liveMode: z.boolean() })
  .meta({ id: 'TransactionListV20260601', description: 'A page of transactions, newest first, as version 2026-06-01 answers it (offset paging only).' });

const isoParameter = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `${name} is an ISO-8601 date-time, e.g. 2026-01-31T00:00:00Z` })
    .describe(`Only transactions created ${name === 'createdAfter' ? 'at or after' : 'before'} this time.`);

export const transactionListQuery = z.object({
  type: z
    .enum(['buy', 'sell', 'swap', 'balance'], { message: 'type is one of buy, sell, swap, balance' })
    .default('buy')
    .describe('The kind of transactions to list.'),
  externalTransactionId: textParameter('externalTransactionId').optional().describe('Only the transaction with this id of yours.'),
  externalCustomerId: textParameter('externalCustomerId').optional().describe('Only transactions of the customer with this id of yours.'),
  createdAfter: isoParameter('createdAfter').optional(),
  createdBefore: isoParameter('createdBefore').optional(),
  limit: z.coerce
    .number({ message: 'limit is a number' })
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(100, 'limit is at most 100')
    .default(20)
    .describe('Items per page, 1 to 100.'),
  offset: z.coerce
    .number({ message: 'offset is a number' })
    .int('offset is a whole number')
    .min(0, 'offset cannot be negative')
    .max(1_000_000, 'offset is at most 1000000')
    .optional()
    .describe('Items to skip (the older way to page; cannot be combined with a cursor).'),
  starting_after: z
    .string({ error: 'starting_after is a single cursor' })
    .max(200, 'starting_after is not a cursor this API returned')
    .optional()
    .describe('A cursor (next_cursor of a list): the page of items after it. Version 2026-11-23.'),
  ending_before: z
    .string({ error: 'ending_before is a single cursor' })
    .max(200, 'ending_before is not a cursor this API returned')
    .optional()
    .describe('A cursor (previous_cursor of a list): the page of items before it. Version 2026-11-23.'),
});

export const customerLookupQuery = z.object({
  externalCustomerId: textParameter('externalCustomerId')
    .refine((value) => value.length > 0, 'externalCustomerId is required')
    .describe('Your id of the customer.'),
});

export const idParams = z.object({ id: z.string().describe('The id (a UUID).') });

const code = z.string().trim().min(1).max(40);
export const testTransactionBody = z
  .object({
    kind: z.enum(['buy', 'sell', 'swap'], { message: 'kind is one of buy, sell, swap' }),
    cryptoCurrencyCode: code.describe('e.g. eth'),
    quoteCryptoCurrencyCode: code.nullish().describe('Swaps: the crypto received.'),
    fiatCurrencyCode: code.nullish().describe('e.g. eur'),
    amount: z
      .string()
      .trim()
      .max(40, 'amount has at most 40 characters')
      .superRefine((value, context) => {
        const problem = amountFormatProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: `amount: ${problem}` });
      })
      .nullish()
      .describe(
        `A decimal string, e.g. "100": plain digits (no exponent), at most ${MAX_AMOUNT_WHOLE_DIGITS} before the point and no more decimals than the currency has (buy: the fiat's, sell and swap: the asset's).`,
      ),
    paymentMethod: code.nullish(),
    country: z.string().trim().max(2).nullish(),
    email: z.email('email is not a valid e-mail address').max(254).nullish(),
    externalCustomerId: z.string().trim().max(200).nullish(),
    externalTransactionId: z.string().trim().max(200).nullish(),
    walletAddress: z.string().trim().max(256).nullish(),
  })
  .meta({ example: { kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '100' } });

export const testStatusBody = z
  .object({
    status: z.string().trim().min(1, 'status is required').max(64).describe('The status to move to, e.g. completed or failed.'),
    failureReason: z.string().trim().max(64).nullish().describe('With the failed status only.'),
  })
  .meta({ example: { status: 'completed' } });
