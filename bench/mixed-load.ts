/**
 * The chaos benchmark's steady mixed load through HAProxy: partner sign-ins, partner list queries and staff status
 * changes (freeze ⇄ approve of sell transactions in progress, each of which emits a webhook event), started at a fixed
 * rate whatever the answers (an open loop: a slow or failing cluster does not slow the offered load). Every request is
 * logged: when it started and ended, its kind, its outcome and, for a status change, the transaction, the unique reason
 * it carried and the status the API acknowledged.
 */
import { benchStaffTotpNow, ClusterClient, LIST_QUERY, type Outcome } from './cluster-harness.ts';
import type { StatusChangeRecord } from './cluster-checks.ts';

export type RequestKind = 'sign-in' | 'list' | 'status-change';

export interface LoggedRequest {
  seq: number;
  kind: RequestKind;
  /** ms since the load started. */
  startedAt: number;
  endedAt: number;
  ok: boolean;
  /** For a failure: network:<code>, http-<status> or graphql:<code>. */
  error?: string;
  message?: string;
  transactionId?: string;
  tag?: string;
  /** A status change: the status asked for, and (when acknowledged) the status the API answered with. */
  requested?: string;
  acknowledged?: string;
}

export interface MixedLoadOptions {
  url: string;
  accountId: string;
  partners: string[];
  staff: string;
  password: string;
  transactions: string[];
  ratePerSecond: number;
  /** Shares of the rate; the rest of 1 is list queries. */
  signInShare: number;
  statusChangeShare: number;
  /** Prefix of every status change's reason (unique per run). */
  tagPrefix: string;
}

const FREEZE = `mutation Freeze($id: ID!, $reason: String) { freezeSellTransaction(id: $id, reason: $reason) { id status } }`;
const APPROVE = `mutation Approve($id: ID!, $reason: String) { approveSellTransaction(id: $id, reason: $reason) { id status } }`;

export class MixedLoad {
  readonly log: LoggedRequest[] = [];
  readonly inFlight = new Map<number, { kind: RequestKind; startedAt: number }>();
  private readonly listClients: ClusterClient[] = [];
  private readonly staffClient: ClusterClient;
  /** What the load generator knows of each transaction: its status, whether a request is on it, and whether its outcome is unknown. */
  private readonly known = new Map<string, { status: string; busy: boolean; unknown: boolean }>();
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private ticks = 0;
  private pending = new Set<Promise<void>>();
  skippedNoTransaction = 0;

  constructor(private readonly options: MixedLoadOptions) {
    this.staffClient = new ClusterClient(options.url);
    for (const id of options.transactions) this.known.set(id, { status: 'pending', busy: false, unknown: false });
  }

  /** Signs in the staff user and one list client per partner (before the clock starts). */
  async prepare(): Promise<void> {
    const staff = await this.staffClient.login(this.options.staff, this.options.password, benchStaffTotpNow());
    if (!staff.ok) throw new Error(`staff sign-in failed: ${staff.kind} ${staff.message}`);
    for (const email of this.options.partners) {
      const client = new ClusterClient(this.options.url);
      const outcome = await client.login(email, this.options.password);
      if (!outcome.ok) throw new Error(`partner sign-in failed: ${outcome.kind} ${outcome.message}`);
      this.listClients.push(client);
    }
  }

  now(): number {
    return Date.now() - this.started;
  }

  start(): void {
    this.started = Date.now();
    const interval = 1000 / this.options.ratePerSecond;
    // Due times from the start, so timer drift does not lower the rate.
    const tick = () => {
      const due = Math.floor(this.now() / interval) + 1;
      while (this.ticks < due) {
        this.ticks += 1;
        this.fire(this.ticks);
      }
      this.timer = setTimeout(tick, Math.max(1, interval / 2));
    };
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** A deterministic mix: every tick's kind follows from its number, so each phase gets the same shares. */
  private fire(tick: number): void {
    const position = (tick * 0.6180339887) % 1;
    const kind: RequestKind =
      position < this.options.signInShare ? 'sign-in' : position < this.options.signInShare + this.options.statusChangeShare ? 'status-change' : 'list';
    const promise = this.run(kind).finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  private async run(kind: RequestKind): Promise<void> {
    const seq = ++this.seq;
    const entry: LoggedRequest = { seq, kind, startedAt: this.now(), endedAt: 0, ok: false };
    let outcome: Outcome;
    let transaction: { id: string; state: { status: string; busy: boolean; unknown: boolean } } | null = null;
    if (kind === 'status-change') {
      transaction = this.pickTransaction();
      if (!transaction) {
        this.skippedNoTransaction += 1;
        return;
      }
      transaction.state.busy = true;
      entry.transactionId = transaction.id;
      entry.tag = `${this.options.tagPrefix}${seq}`;
      entry.requested = transaction.state.status === 'frozen' ? 'pending' : 'frozen';
    }
    this.inFlight.set(seq, { kind, startedAt: entry.startedAt });
    try {
      if (kind === 'sign-in') {
        const client = new ClusterClient(this.options.url);
        outcome = await client.login(this.options.partners[seq % this.options.partners.length]!, this.options.password);
      } else if (kind === 'list') {
        const client = this.listClients[seq % this.listClients.length]!;
        outcome = await client.gql(LIST_QUERY, { accountId: this.options.accountId, skip: (seq % 5) * 20, take: 20 });
        if (outcome.ok && !Array.isArray(outcome.data.sellTransactions?.items))
          outcome = { ok: false, status: outcome.status, kind: 'bad-body', message: JSON.stringify(outcome.data).slice(0, 200) };
      } else {
        const state = transaction!.state;
        outcome = await this.staffClient.gql(state.status === 'frozen' ? APPROVE : FREEZE, { id: transaction!.id, reason: entry.tag });
        const answered = outcome.ok ? (outcome.data.freezeSellTransaction ?? outcome.data.approveSellTransaction)?.status : undefined;
        if (outcome.ok) {
          entry.acknowledged = answered;
          if (answered !== entry.requested) outcome = { ok: false, status: outcome.status, kind: 'wrong-status', message: `answered ${answered}` };
        }
        if (outcome.ok) state.status = answered!;
        // Whether a failed change committed is unknown to the client: that transaction gets no more requests.
        else state.unknown = true;
        state.busy = false;
      }
    } finally {
      this.inFlight.delete(seq);
    }
    entry.endedAt = this.now();
    entry.ok = outcome.ok;
    if (!outcome.ok) {
      entry.error = outcome.kind;
      entry.message = outcome.message.slice(0, 300);
    }
    this.log.push(entry);
  }

  private pickTransaction() {
    const free = [...this.known].filter(([, state]) => !state.busy && !state.unknown);
    if (!free.length) return null;
    const [id, state] = free[Math.floor(Math.random() * free.length)]!;
    return { id, state };
  }

  /** The status changes for the write check. */
  statusChanges(): StatusChangeRecord[] {
    return this.log
      .filter((entry) => entry.kind === 'status-change')
      .map((entry) => ({
        seq: entry.seq,
        transactionId: entry.transactionId!,
        tag: entry.tag!,
        status: entry.requested!,
        acked: entry.ok,
        ...(entry.error ? { kind: entry.error } : {}),
      }));
  }
}
