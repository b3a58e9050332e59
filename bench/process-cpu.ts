import fs from 'node:fs';

/**
 * CPU time (µs) of the PostgreSQL processes under `rootPid` (the embedded PostgreSQL a benchmark started): the live
 * ones, plus what the postmaster reaped of its exited backends. Read from /proc, so other work on a shared machine does
 * not count, unlike the machine's total minus the known processes.
 */
export function postgresCpuMicros(rootPid: number): number {
  const children = new Map<number, number[]>();
  const stats = new Map<number, { comm: string; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 after the command.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    const pid = Number(entry);
    stats.set(pid, { comm, ticks });
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  let ticks = 0;
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      const stat = stats.get(child);
      if (stat?.comm === 'postgres') ticks += stat.ticks;
      visit(child);
    }
  };
  visit(rootPid);
  return (ticks * 1_000_000) / 100; // USER_HZ is 100 on Linux
}
