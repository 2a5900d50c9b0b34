import os from 'node:os';
import { Worker } from 'node:worker_threads';

export type HashParams = { memoryKiB: number; timeCost: number };

type Job = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * A small pool of worker threads doing argon2id. Workers are started lazily, unref'd (they never keep the process
 * alive) and shared by every hasher in the process.
 */
class ArgonPool {
  private workers: Worker[] = [];
  private next = 0;
  private seq = 0;
  private readonly jobs = new Map<number, Job>();
  constructor(private readonly size: number) {}

  run(msg: Record<string, unknown>): Promise<unknown> {
    if (this.workers.length < this.size) this.workers.push(this.spawn());
    const worker = this.workers[this.next++ % this.workers.length]!;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...msg, id });
    });
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
      const job = this.jobs.get(m.id);
      if (!job) return;
      this.jobs.delete(m.id);
      if (this.jobs.size === 0) worker.unref();
      if (m.ok) job.resolve(m.value);
      else job.reject(new Error(m.error ?? 'argon2 failed'));
    });
    worker.on('error', (err) => {
      this.workers = this.workers.filter((w) => w !== worker);
      for (const [id, job] of this.jobs) {
        this.jobs.delete(id);
        job.reject(err);
      }
    });
    return worker;
  }
}

let pool: ArgonPool | null = null;
const argon = () => {
  pool ??= new ArgonPool(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
  return pool;
};

/** argon2id with the configured cost; the parameters travel inside the hash, so raising them later is safe. */
export function passwordHasher(p: HashParams) {
  const hash = (password: string) =>
    argon().run({ op: 'hash', password, memoryKiB: p.memoryKiB, timeCost: p.timeCost }) as Promise<string>;
  let dummy: Promise<string> | null = null;
  return {
    hash,
    async verify(stored: string | null, password: string): Promise<boolean> {
      // No account (or no password): spend the same time on a dummy hash so the reply time does not tell.
      dummy ??= hash('dummy-password-for-timing');
      const target = stored ?? (await dummy);
      try {
        const ok = (await argon().run({ op: 'verify', password, hash: target })) as boolean;
        return ok && stored !== null;
      } catch {
        return false;
      }
    },
  };
}

export type PasswordHasher = ReturnType<typeof passwordHasher>;
