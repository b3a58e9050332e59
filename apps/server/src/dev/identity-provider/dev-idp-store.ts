import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The development identity provider's state (sessions, interactions, codes, tokens, grants), kept in
 * memory for the life of the process: a restart signs everyone out of the provider, which suits
 * development. One store per provider instance, so tests can run several side by side.
 */
export function createMemoryAdapterFactory(): new (name: string) => Adapter {
  const entries = new Map<string, Entry>();
  const now = () => Date.now();

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      entries.set(this.key(id), { payload, expiresAt: expiresIn ? now() + expiresIn * 1000 : Number.POSITIVE_INFINITY });
    }

    async find(id: string) {
      return read(this.key(id));
    }

    /** The first live payload of this model whose `field` is `value`. */
    private findWhere(field: 'uid' | 'userCode', value: string) {
      for (const [key] of entries) {
        if (!key.startsWith(`${this.name}:`)) continue;
        const payload = read(key);
        if (payload?.[field] === value) return payload;
      }
      return undefined;
    }

    async findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    async findByUserCode(userCode: string) {
      return this.findWhere('userCode', userCode);
    }

    async consume(id: string) {
      const payload = read(this.key(id));
      if (payload) payload.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string) {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of entries) {
        if (entry.payload.grantId === grantId) entries.delete(key);
      }
    }
  };
}
