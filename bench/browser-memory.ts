// The memory a launched Chromium holds, read from Linux's /proc (the kernel walks each process's page
// tables for smaps_rollup: tens of ms of CPU a sample, which the bench prints). RSS summed over
// processes counts every shared page (Chromium's binary, the shared memory between renderer, GPU and
// browser) once per process that maps it, so it overstates; PSS divides each shared page among the
// processes mapping it, so PSS sums to what the browser really holds. Private (clean + dirty) is
// what a process alone holds: what would be freed if it exited.
import { readdir, readFile } from 'node:fs/promises';

export interface ProcessMemory {
  pid: number;
  /** browser, renderer, gpu-process, zygote, utility:<service>… */
  type: string;
  rssKb: number;
  pssKb: number;
  privateKb: number;
}

export interface MemorySample {
  at: number;
  processes: ProcessMemory[];
  rssKb: number;
  pssKb: number;
  privateKb: number;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined; // The process exited meanwhile.
  }
}

/** The process `pid` and every process under it, from the kernel's per-thread lists of children (only this tree is read). */
async function processTree(pid: number): Promise<number[]> {
  const tree = [pid];
  for (let at = 0; at < tree.length; at += 1) {
    const threads = await readdir(`/proc/${tree[at]}/task`).catch(() => [] as string[]);
    const children = await Promise.all(threads.map((thread) => readText(`/proc/${tree[at]}/task/${thread}/children`)));
    for (const list of children) for (const child of list?.trim().split(' ') ?? []) if (child) tree.push(Number(child));
  }
  return tree;
}

/** The process's role from its command line: `--type=…`, a utility's service, or the browser itself. */
function typeOf(cmdline: string): string {
  // Chromium rewrites its process title: the arguments are then one space-separated string.
  const args = cmdline.split(/[\0 ]/);
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'browser';
  if (type !== 'utility') return type;
  const service = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length) ?? '';
  // network.mojom.NetworkService -> utility:network, storage.mojom.StorageService -> utility:storage
  return `utility:${service.split('.')[0] || 'other'}`;
}

const field = (rollup: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);

const types = new Map<number, string>();

/**
 * A process's type, read once (a process keeps its type; pids are not reused within a run). Not a
 * zygote's: a renderer forked from one shows the zygote's title until it sets its own.
 */
async function typeOfPid(pid: number): Promise<string | undefined> {
  const known = types.get(pid);
  if (known !== undefined) return known;
  const cmdline = await readText(`/proc/${pid}/cmdline`);
  if (cmdline === undefined) return undefined;
  const type = typeOf(cmdline);
  if (type !== 'zygote') types.set(pid, type);
  return type;
}

/** One reading of every process in the tree (asynchronous reads: the script's own servers keep answering meanwhile). */
export async function sampleBrowserMemory(browserPid: number): Promise<MemorySample> {
  const pids = await processTree(browserPid);
  const read = await Promise.all(
    pids.map(async (pid): Promise<ProcessMemory | undefined> => {
      const [type, rollup] = await Promise.all([typeOfPid(pid), readText(`/proc/${pid}/smaps_rollup`)]);
      if (type === undefined || rollup === undefined) return undefined;
      return {
        pid,
        type,
        rssKb: field(rollup, 'Rss'),
        pssKb: field(rollup, 'Pss'),
        privateKb: field(rollup, 'Private_Clean') + field(rollup, 'Private_Dirty'),
      };
    }),
  );
  const processes = read.filter((entry): entry is ProcessMemory => entry !== undefined);
  const sum = (key: 'rssKb' | 'pssKb' | 'privateKb') => processes.reduce((total, entry) => total + entry[key], 0);
  return { at: Date.now(), processes, rssKb: sum('rssKb'), pssKb: sum('pssKb'), privateKb: sum('privateKb') };
}

export interface MemoryPeaks {
  samples: number;
  /** The largest totals any one sample saw (each its own peak, possibly at different moments). */
  rssKb: number;
  pssKb: number;
  privateKb: number;
  /** Per process type, the largest PSS and private sums any one sample saw for that type, and how many such processes there were then. */
  byType: Map<string, { pssKb: number; privateKb: number; count: number }>;
}

/** Samples every `intervalMs` (one reading at a time, never overlapping) until stopped; returns the peaks. */
export function startMemorySampler(browserPid: number, intervalMs = 1000) {
  const peaks: MemoryPeaks = { samples: 0, rssKb: 0, pssKb: 0, privateKb: 0, byType: new Map() };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();
  const record = (sample: MemorySample) => {
    peaks.samples += 1;
    peaks.rssKb = Math.max(peaks.rssKb, sample.rssKb);
    peaks.pssKb = Math.max(peaks.pssKb, sample.pssKb);
    peaks.privateKb = Math.max(peaks.privateKb, sample.privateKb);
    const byType = new Map<string, { pssKb: number; privateKb: number; count: number }>();
    for (const entry of sample.processes) {
      const sum = byType.get(entry.type) ?? { pssKb: 0, privateKb: 0, count: 0 };
      byType.set(entry.type, { pssKb: sum.pssKb + entry.pssKb, privateKb: sum.privateKb + entry.privateKb, count: sum.count + 1 });
    }
    for (const [type, sum] of byType) {
      const peak = peaks.byType.get(type);
      peaks.byType.set(type, {
        pssKb: Math.max(peak?.pssKb ?? 0, sum.pssKb),
        privateKb: Math.max(peak?.privateKb ?? 0, sum.privateKb),
        count: Math.max(peak?.count ?? 0, sum.count),
      });
    }
  };
  const once = async () => record(await sampleBrowserMemory(browserPid));
  const tick = () => {
    current = once().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  tick();
  return {
    /** Takes one last reading, stops, and returns the peaks. */
    async stop(): Promise<MemoryPeaks> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await once();
      return peaks;
    },
  };
}

export const kbToMb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** One line per process type, largest PSS first. */
export function describePeaks(peaks: MemoryPeaks): string[] {
  return [...peaks.byType]
    .sort(([, a], [, b]) => b.pssKb - a.pssKb)
    .map(
      ([type, peak]) =>
        `    ${type}${peak.count > 1 ? ` (${peak.count} processes)` : ''}: peak PSS ${kbToMb(peak.pssKb)}, private ${kbToMb(peak.privateKb)}`,
    );
}

/** What one sample costs this process, averaged over `count` back to back (run when the browser is idle). */
export async function sampleCost(browserPid: number, count = 5): Promise<{ cpuMs: number; wallMs: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await sampleBrowserMemory(browserPid);
  const cpu = process.cpuUsage(cpuBefore);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / count, wallMs: (performance.now() - started) / count };
}
