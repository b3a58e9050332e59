// A server module declares itself in one file, `modules/<module>/<module>.module.ts`, with defineModule; the list in
// modules/index.ts is the only other place that names it. services.ts builds the services from that list, graphql/
// schema.ts takes its SDL and resolvers, app.ts its routes, jobs/worker.ts its jobs, codegen.ts its mappers and the
// audit module its sentences (docs/decisions/0021-module-declarations.md).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Resolvers } from '../generated/graphql.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AuditSentences } from '../lib/audit-words.ts';
import type { EvmChain } from '../lib/chain/evm-chain.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Services } from '../services.ts';

/** What every module may build its services from; services.ts makes each once per app. */
export interface Infrastructure {
  database: DatabaseHandle;
  config: Env;
  /** Sends after the unit of work commits (decision 0007). */
  mailer: Mailer;
  chain: EvmChain;
  jobs: JobQueue;
  secretBox: SecretBox;
  fileStorage: FileStorage;
  /** Every declaration of the list (the audit module reads their sentences). */
  modules: readonly ModuleDeclaration[];
}

/** How the access directive `@entity(entity: "…")` finds the account owning an entity of this module. */
export interface EntityOwnership {
  /** The entity in words for "… not found" (default: its name split into words). */
  name?: string;
  accountOf(id: string): Promise<string | null>;
}

/** What a module's build returns. */
export interface ModuleParts<S extends object> {
  /** Its services, on `app.services` (resolvers, routes and jobs reach them there) and for the modules after it. */
  services: S;
  /** What the modules after it may take but resolvers may not (a repository another module's service needs). */
  shared?: Record<string, unknown>;
  /** Entity ownership for the access directives, by the entity name the SDL uses. */
  entities?: Record<string, EntityOwnership>;
  /** Releases what it holds open when the app closes. */
  close?: () => void;
}

/** What routes are registered with. */
export interface RouteDeps {
  config: Env;
  database: DatabaseHandle;
  services: Services;
  /** Directory of the built web app, or null (API-only tests). */
  webRoot: string | null;
}

/** What a job runs with (graphile-worker task; its payload is parsed with jobs/job-payloads.ts). */
export interface JobContext {
  services: Services;
  log: FastifyBaseLogger;
  /** The worker's pool (direct connections). */
  pool: pg.Pool;
}

export type JobTask = (payload: unknown, context: JobContext) => Promise<void>;

/** What a module declares besides how it builds its services. */
interface ModuleMembers {
  /** Its folder's name. */
  readonly name: string;
  /** Its SDL, `new URL('./schema.graphql', import.meta.url)`; codegen reads the same file. */
  readonly schema?: URL;
  /** Its resolver maps; graphql/schema.ts merges them (a field defined twice stops the server). */
  readonly resolvers?: readonly Resolvers[];
  /** The audit trail's sentence for each of its mutations (`<module>.audit.ts`). */
  readonly auditSentences?: AuditSentences;
  /** Its HTTP routes outside GraphQL. */
  routes?(app: FastifyInstance, deps: RouteDeps): Promise<void> | void;
  /** Its graphile-worker tasks, by task name; their payloads are in jobs/job-payloads.ts. */
  readonly jobs?: Readonly<Record<string, JobTask>>;
  /** Its recurring jobs, graphile-worker crontab lines. */
  readonly crontab?: readonly string[];
  /**
   * Reference data every app needs, brought up to the code's catalogues at boot (idempotent). Routes, jobs and seed
   * that read `services` in their own body take a block body (`async (services) => { await … }`): an expression body
   * makes TypeScript read every module's services while it is still reading this declaration (error TS7022).
   */
  seed?(services: Services): Promise<void>;
  /** Files run in worker threads, loaded at boot so the first request does not wait (lib/bounded-worker.ts). */
  readonly workerModules?: readonly URL[];
  /** GraphQL type → the TypeScript type its resolvers receive (`<module>.mappers.ts`; codegen.ts reads the same file). */
  readonly mappers?: Readonly<Record<string, string>>;
}

/** A module as the list holds it; write one with defineModule. */
export interface ModuleDeclaration<S extends object = object> extends ModuleMembers {
  /** Builds its services from the infrastructure and what modules earlier in the list built, by name. */
  build?(infrastructure: Infrastructure, built: Record<string, unknown>): ModuleParts<S>;
}

/** A module as its file writes it: `build`'s second parameter names what it takes from earlier modules, with types. */
export interface ModuleDefinition<S extends object, Needs> extends ModuleMembers {
  build?: (infrastructure: Infrastructure, built: Needs) => ModuleParts<S>;
}

/**
 * Declares a module. `build`'s second parameter names, with their types, the services and shared parts of modules
 * earlier in the list that this one needs; taking one that no earlier module built stops the server at boot.
 */
export function defineModule<S extends object = Record<never, never>, Needs = Record<never, never>>(
  declaration: ModuleDefinition<S, Needs>,
): ModuleDeclaration<S> {
  return declaration as ModuleDeclaration<S>;
}

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** The services a list of modules builds, by name. */
export type ServicesOf<M extends readonly ModuleDeclaration<object>[]> = UnionToIntersection<
  M[number] extends infer D ? (D extends ModuleDeclaration<infer S> ? S : never) : never
>;
