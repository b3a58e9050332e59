/**
 * The ingestion contract (docs/ingestion.md): CloudEvents 1.0 envelopes whose `type` names one of the event types
 * below and whose `data` follows that type's JSON Schema (schemas/*.json, committed and served).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The schema file (schemas/<name>.json) of each event type. `created` and `changed` both carry the whole state. */
export const EVENT_TYPES = {
  'rampart.buy_transaction.created': 'buy_transaction',
  'rampart.buy_transaction.changed': 'buy_transaction',
  'rampart.nft_transaction.created': 'nft_transaction',
  'rampart.nft_transaction.changed': 'nft_transaction',
  'rampart.sell_transaction.created': 'sell_transaction',
  'rampart.sell_transaction.changed': 'sell_transaction',
  'rampart.swap_transaction.created': 'swap_transaction',
  'rampart.swap_transaction.changed': 'swap_transaction',
  'rampart.balance_transaction.created': 'balance_transaction',
  'rampart.balance_transaction.changed': 'balance_transaction',
  'rampart.transaction.status_changed': 'transaction_status',
  'rampart.customer.created': 'customer',
  'rampart.customer.changed': 'customer',
} as const;
export type EventType = keyof typeof EVENT_TYPES;
export type SchemaName = (typeof EVENT_TYPES)[EventType];

/** Limits of one event (the batch limits are in ingestion.routes.ts). */
export const MAX_ID_LENGTH = 200;
export const MAX_SOURCE_LENGTH = 500;

const SCHEMA_DIR = path.join(import.meta.dirname, 'schemas');
const schemaNames = [...new Set(Object.values(EVENT_TYPES))];

/** The committed JSON Schemas by name, as served under /provider/v1/schemas/. */
export const SCHEMAS: Record<SchemaName, Record<string, unknown>> = Object.fromEntries(
  schemaNames.map((name) => [name, JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, `${name}.json`), 'utf8')) as Record<string, unknown>]),
) as Record<SchemaName, Record<string, unknown>>;

const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true });
(addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
const validators = new Map<SchemaName, ValidateFunction>(schemaNames.map((name) => [name, ajv.compile(SCHEMAS[name])]));

/** A refusal: the field at fault (`data.baseCurrencyAmount`, `type`) and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

/** An envelope that passed every check, its data valid for its type. */
export interface ValidEvent {
  id: string;
  source: string;
  type: EventType;
  schema: SchemaName;
  data: Record<string, unknown>;
}

const CONTEXT_ATTRIBUTES = new Set(['specversion', 'id', 'source', 'type', 'datacontenttype', 'dataschema', 'subject', 'time', 'data']);
const EXTENSION_NAME = /^[a-z0-9]{1,20}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;

/** Checks one structured-mode CloudEvent: its context attributes, then its data against its type's schema. */
export function validateEvent(event: unknown): { event: ValidEvent } | { error: FieldError } {
  const refuse = (field: string, message: string) => ({ error: { field, message } });
  if (!isObject(event)) return refuse('event', 'An event is a JSON object (CloudEvents 1.0, structured mode).');
  if (event.specversion !== '1.0') return refuse('specversion', 'Must be "1.0" (CloudEvents 1.0).');
  if (!text(event.id, MAX_ID_LENGTH)) return refuse('id', `Give the event a unique id of 1 to ${MAX_ID_LENGTH} characters.`);
  if (!text(event.source, MAX_SOURCE_LENGTH)) return refuse('source', `Give the event's source, a URI reference of 1 to ${MAX_SOURCE_LENGTH} characters.`);
  if (typeof event.type !== 'string' || !Object.hasOwn(EVENT_TYPES, event.type))
    return refuse('type', `Unknown event type; the types are ${Object.keys(EVENT_TYPES).join(', ')}.`);
  if (event.datacontenttype !== undefined && !(typeof event.datacontenttype === 'string' && /^application\/json(;.*)?$/i.test(event.datacontenttype)))
    return refuse('datacontenttype', 'Must be application/json (or left out).');
  if (event.time !== undefined && !(typeof event.time === 'string' && event.time.length <= 40 && !Number.isNaN(Date.parse(event.time))))
    return refuse('time', 'Must be an RFC 3339 timestamp.');
  if ('data_base64' in event) return refuse('data_base64', 'Send data as JSON (data), not base64.');
  for (const [name, value] of Object.entries(event)) {
    if (CONTEXT_ATTRIBUTES.has(name)) continue;
    if (!EXTENSION_NAME.test(name)) return refuse(name, 'Extension attribute names are 1 to 20 lowercase letters or digits.');
    if (!['string', 'number', 'boolean'].includes(typeof value) || (typeof value === 'string' && value.length > 1000))
      return refuse(name, 'An extension attribute is a string (at most 1,000 characters), a number or a boolean.');
  }
  if (!isObject(event.data)) return refuse('data', 'The event needs its data, a JSON object.');
  const type = event.type as EventType;
  const schema = EVENT_TYPES[type];
  const validate = validators.get(schema)!;
  if (!validate(event.data)) return { error: describe(validate.errors![0]!, schema) };
  for (const field of ['createdAt', 'updatedAt', 'cancelledAt', 'refundApprovedAt'] as const) {
    const value = event.data[field];
    // RFC 3339 also allows years PostgreSQL or JavaScript cannot hold; ours stay between 2000 and 2999.
    if (typeof value === 'string' && (!/^2\d{3}-/.test(value) || Number.isNaN(Date.parse(value))))
      return refuse(`data.${field}`, 'Must be a timestamp between the years 2000 and 2999.');
  }
  return { event: { id: event.id as string, source: event.source as string, type, schema, data: event.data } };
}

/** An ajv error as the field it is about (`data.quote.expiresAt`) and a sentence. */
function describe(error: ErrorObject, schema: SchemaName): FieldError {
  const pointer = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const at = (extra?: string) => ['data', ...pointer, ...(extra ? [extra] : [])].join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: at(String(params.missingProperty)), message: 'Required.' };
    case 'additionalProperties':
      return { field: at(String(params.additionalProperty)), message: `Not a field of ${schema} (see /provider/v1/schemas/${schema}.json).` };
    case 'enum':
      return { field: at(), message: `Must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}.` };
    case 'pattern':
      return {
        field: at(),
        message: /Amount|Rate/.test(pointer.at(-1) ?? '') ? 'Must be a decimal string, such as "150.00".' : `Must match ${String(params.pattern)}.`,
      };
    case 'format':
      return { field: at(), message: `Must be a valid ${String(params.format)}.` };
    default:
      return { field: at(), message: `${error.message ?? 'Invalid'}.`.replace(/^m/, 'M') };
  }
}
