import crypto from 'node:crypto';
import type { WebhookEventType } from '@rampart/shared/enums';
import type { PassWebhookEventType } from '@rampart/shared/passes';
import { SAMPLE_FEES_AND_RATES, SAMPLE_WALLET_ADDRESS } from '../../lib/sample-transaction.ts';

/** A realistic payload of each event type, for test sends. */
export function sampleEventData(type: WebhookEventType, liveMode: boolean): { data: Record<string, unknown>; externalCustomerId: string } {
  const now = new Date().toISOString();
  const externalCustomerId = 'customer-1842';
  const customer = { id: crypto.randomUUID(), externalCustomerId, liveMode, defaultCurrency: 'eur', address: { country: 'DE' } };
  const base = { id: crypto.randomUUID(), createdAt: now, updatedAt: now, externalCustomerId, externalTransactionId: 'order-77311', liveMode };
  if (type.startsWith('swap_')) {
    return {
      externalCustomerId,
      data: {
        ...base,
        status: type.endsWith('failed') ? 'failed' : type.endsWith('completed') ? 'completed' : 'waitingForDeposit',
        quote: {
          baseCurrencyCode: 'eth',
          quoteCurrencyCode: 'usdc',
          baseCurrencyAmount: '0.5',
          quoteCurrencyAmount: '1712.43',
          networkFeeAmount: '0.0012',
          usdRate: '1.0',
          eurRate: '0.92',
          gbpRate: '0.79',
        },
        depositWalletAddress: '0x6b175474e89094c44da98b954eedeac495271d0f',
        destinationWalletAddress: SAMPLE_WALLET_ADDRESS,
      },
    };
  }
  if (type.startsWith('sell_transaction')) {
    return {
      externalCustomerId,
      data: {
        ...base,
        status: type.endsWith('failed') ? 'failed' : 'pending',
        baseCurrency: { code: 'btc' },
        quoteCurrency: { code: 'eur' },
        baseCurrencyAmount: '0.015',
        quoteCurrencyAmount: '912.40',
        feeAmount: '4.56',
        depositHash: null,
        refundWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        failureReason: type.endsWith('failed') ? 'The deposit did not arrive in time.' : null,
        customer,
      },
    };
  }
  if (type.startsWith('balance_transaction')) {
    return {
      externalCustomerId,
      data: { ...base, type: 'Deposit', status: type.endsWith('failed') ? 'Failed' : 'Completed', amount: '250.00', currency: { code: 'eur' } },
    };
  }
  if (type.startsWith('transaction_')) {
    return {
      externalCustomerId,
      data: {
        ...base,
        status: type === 'transaction_failed' ? 'failed' : type === 'transaction_updated' ? 'completed' : 'pending',
        baseCurrency: { code: 'eur' },
        currency: { code: 'eth' },
        baseCurrencyAmount: '150.00',
        quoteCurrencyAmount: '0.0412',
        ...SAMPLE_FEES_AND_RATES,
        walletAddress: SAMPLE_WALLET_ADDRESS,
        cryptoTransactionId: type === 'transaction_updated' ? '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b' : null,
        failureReason: type === 'transaction_failed' ? 'The card was declined by the issuer.' : null,
        paymentMethod: 'credit_debit_card',
        customer,
      },
    };
  }
  return { externalCustomerId, data: { ...base, type, status: 'updated', details: { reviewedAt: now, result: 'approved' } } };
}

/** A realistic payload of a pass project's event (as pass-lifecycle sends it: `{ pass, event }`), for test sends. */
export function samplePassEventData(type: PassWebhookEventType, passProjectId: string): { data: Record<string, unknown>; externalCustomerId: null } {
  const now = new Date().toISOString();
  const invalidated = type === 'pass.invalidated';
  const eventType = { 'pass.created': 'created', 'pass.added': 'addedToAppleWallet', 'pass.scanned': 'scanned', 'pass.invalidated': 'invalidated' }[type];
  const detail: Record<string, unknown> =
    type === 'pass.scanned'
      ? { valid: true }
      : type === 'pass.added'
        ? { deviceLibraryIdentifier: 'a1b2c3d4e5f6' }
        : invalidated
          ? {
              reason: 'nftTransferred',
              transactionHash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
              toAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
            }
          : {};
  return {
    externalCustomerId: null,
    data: {
      pass: {
        id: crypto.randomUUID(),
        projectId: passProjectId,
        templateId: crypto.randomUUID(),
        policyIds: [crypto.randomUUID()],
        holderAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
        nft: { networkCode: 'ethereum', chainId: 1, contractAddress: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d', tokenId: '1842' },
        status: invalidated ? 'invalidated' : 'active',
        invalidatedReason: invalidated ? 'nftTransferred' : null,
        invalidatedAt: invalidated ? now : null,
        serialNumber: 'RP-7K2M9QX4',
        barcode: { message: 'RP-7K2M9QX4', format: 'QR' },
        externalId: 'member-1842',
        createdAt: now,
      },
      event: { id: crypto.randomUUID(), type: eventType, detail, createdAt: now },
    },
  };
}
