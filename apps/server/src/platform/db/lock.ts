import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * One process per PGlite data directory: two PGlite instances on the same files corrupt them beyond repair. The
 * lock is a kernel lock on DATA_DIR/lock (an open-file-description lock on Linux, through fs-native-extensions'
 * prebuilt addon, since Node has no flock), so the kernel drops it when its holder dies, however it dies.
 */
export type LockRole = 'server' | 'CLI';
export type DataDirLock = { release(): void };
type Holder = { pid: number; role: LockRole; since: string };

export const LOCK_FILE = 'lock';

/** Another process holds the data directory; the message is one line naming it, for the operator. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

type NativeLocks = { tryLock(fd: number): boolean };
let native: NativeLocks | null = null;

function loadNativeLocks(): NativeLocks {
  if (native) return native;
  try {
    // Loaded on first use, so PostgreSQL deployments never need the addon.
    native = createRequire(import.meta.url)('fs-native-extensions') as NativeLocks;
    return native;
  } catch (err) {
    throw new Error(
      `cannot lock the data directory on this platform (${err instanceof Error ? err.message : err}); ` +
        'set DATABASE_URL to use a PostgreSQL server instead',
    );
  }
}

function readHolder(fd: number): Holder | null {
  try {
    const buf = Buffer.alloc(512);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const h = JSON.parse(buf.subarray(0, n).toString('utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && (h.role === 'server' || h.role === 'CLI') ? (h as Holder) : null;
  } catch {
    // The holder has the lock but has not written its name yet.
    return null;
  }
}

function describeHolder(h: Holder | null): string {
  if (!h) return 'another process';
  return h.role === 'server' ? `the Sorte server (pid ${h.pid})` : `the ops CLI (pid ${h.pid})`;
}

/**
 * Takes the data directory for this process, or throws DataDirBusyError without writing anything. Release on
 * close; a process that dies releases it too.
 */
export function lockDataDir({ dir, role }: { dir: string; role: LockRole }): DataDirLock {
  const locks = loadNativeLocks();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  // No O_TRUNC: a process that does not get the lock must leave the holder's name in place.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = locks.tryLock(fd);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  if (!locked) {
    const holder = readHolder(fd);
    fs.closeSync(fd);
    throw new DataDirBusyError(
      `DATA_DIR ${path.resolve(dir)} is in use by ${describeHolder(holder)}: stop it first or use another DATA_DIR`,
    );
  }
  const me: Holder = { pid: process.pid, role, since: new Date().toISOString() };
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, JSON.stringify(me), 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      fs.closeSync(fd);
    },
  };
}
