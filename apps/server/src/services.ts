import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { runUnitOfWork } from './db/unit-of-work.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import type { EvmChain } from './lib/chain/evm-chain.ts';
import { createFileStorage, S3FileStorage } from './lib/file-storage.ts';
import { createSecretBox, loadKeyEncryptionKeys } from './lib/secret-box.ts';
import { mailingAfterCommit, type Mailer } from './mail/mailer.ts';
import type { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { modules } from './modules/index.ts';
import type { EntityOwnership, Infrastructure, ServicesOf } from './modules/module.ts';

/** The services every module of modules/index.ts builds, by name. */
type ModuleServices = ServicesOf<typeof modules>;

/**
 * Every domain service, built once per app and handed to resolvers through the GraphQL context: each module's, in the
 * order of the list, from the infrastructure and what the modules before it built.
 */
export function createServices(deps: { database: DatabaseHandle; mailer: Mailer; config: Env; chain: EvmChain }) {
  const { database, config, chain } = deps;
  const fileStorage = createFileStorage(config);
  const secretBox = createSecretBox(loadKeyEncryptionKeys(config));
  const jobs = createJobQueue(database.db);
  const infrastructure: Infrastructure = { database, config, chain, mailer: mailingAfterCommit(deps.mailer), jobs, secretBox, fileStorage, modules };

  const moduleServices: Record<string, unknown> = {};
  const available: Record<string, unknown> = {};
  const entities: Record<string, EntityOwnership> = {};
  const closers: Array<() => void> = [];
  for (const module of modules) {
    // A module that takes what no module before it built stops the server here, naming both.
    const built = new Proxy(available, {
      get(target, name) {
        if (typeof name === 'string' && !(name in target))
          throw new Error(`Module ${module.name} takes "${name}", which no module before it in modules/index.ts builds`);
        return target[name as string];
      },
    });
    const parts = module.build?.(infrastructure, built);
    if (!parts) continue;
    for (const [name, value] of [...Object.entries(parts.services), ...Object.entries(parts.shared ?? {})]) {
      if (name in available) throw new Error(`Module ${module.name} builds "${name}", which an earlier module already built`);
      available[name] = value;
    }
    Object.assign(moduleServices, parts.services);
    for (const [entity, ownership] of Object.entries(parts.entities ?? {})) {
      if (entity in entities) throw new Error(`Module ${module.name} declares the entity "${entity}", which an earlier module already declared`);
      entities[entity] = ownership;
    }
    if (parts.close) closers.push(parts.close);
  }
  const services = moduleServices as ModuleServices;
  const accountsRepository = available.accountsRepository as AccountsRepository;

  /** What the access directives need: membership roles, account existence, and each entity's owning account. */
  const authorization = {
    membershipRole: (userId: string, accountId: string) => accountsRepository.acceptedRole(userId, accountId),
    accountExists: async (accountId: string) => Boolean(await accountsRepository.findAccount(accountId)),
    entityAccount: Object.fromEntries(Object.entries(entities).map(([entity, ownership]) => [entity, (id: string) => ownership.accountOf(id)])) as Record<
      string,
      (id: string) => Promise<string | null>
    >,
    /** Entities in words ("Transaction not found."), where the name alone would not do. */
    entityNames: Object.fromEntries(Object.entries(entities).flatMap(([entity, ownership]) => (ownership.name ? [[entity, ownership.name]] : []))) as Record<
      string,
      string
    >,
    audit: services.audit.record.bind(services.audit),
    unitOfWork: <T>(work: () => Promise<T>) => runUnitOfWork(database.pool, work),
  };

  return {
    ...services,
    authorization,
    jobs,
    /** Secrets at rest (pass credentials are decrypted with it). */
    secretBox,
    /** The EVM chain minting and NFT-bound passes use (lib/chain/evm-chain.ts). */
    chain,
    /** Releases what the services hold open (keep-alive sockets of outgoing webhooks). */
    close() {
      for (const close of closers) close();
      if (fileStorage instanceof S3FileStorage) fileStorage.close();
    },
  };
}

/**
 * Every service by name. An interface, not a type alias: module declarations name it in their routes, jobs and seed
 * before TypeScript has read the list it is made from, and an interface is only read when its members are needed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the interface is the point: it defers reading the list (above)
export interface Services extends ReturnType<typeof createServices> {}
