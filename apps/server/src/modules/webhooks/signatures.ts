import crypto from 'node:crypto';

/** `Moonpay-Signature-V2: t=<unix seconds>,s=<hex HMAC-SHA256 of "t.rawBody" with the webhook key>`. */
export function providerSignatureHeader(webhookKey: string, timestamp: number, rawBody: string): string {
  const signature = crypto.createHmac('sha256', webhookKey).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},s=${signature}`;
}

export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** Standard Webhooks headers: webhook-id, webhook-timestamp and `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function standardWebhookHeaders(signingSecret: string, messageId: string, timestamp: number, rawBody: string): Record<string, string> {
  const key = Buffer.from(signingSecret.replace(/^whsec_/, ''), 'base64');
  const signature = crypto.createHmac('sha256', key).update(`${messageId}.${timestamp}.${rawBody}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

export function signedHeaders(input: { webhookKey: string; signingSecret: string; messageId: string; rawBody: string; now?: number }): Record<string, string> {
  const timestamp = Math.floor((input.now ?? Date.now()) / 1000);
  return {
    'Moonpay-Signature-V2': providerSignatureHeader(input.webhookKey, timestamp, input.rawBody),
    ...standardWebhookHeaders(input.signingSecret, input.messageId, timestamp, input.rawBody),
  };
}
