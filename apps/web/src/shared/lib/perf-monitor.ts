/**
 * Performance monitor (spec section 9). The decisions are pure functions of a DeviceInfo snapshot so they can be
 * unit-tested; startPerfMonitor wires them to the browser.
 */

export type DeviceInfo = {
  /** navigator.deviceMemory in GB (Chromium only). */
  deviceMemory?: number;
  hardwareConcurrency?: number;
  /** navigator.connection.effectiveType: 'slow-2g' | '2g' | '3g' | '4g'. */
  effectiveType?: string;
  saveData?: boolean;
};

export type HeapInfo = { usedJSHeapSize: number; jsHeapSizeLimit: number };

export const PERF = {
  checkIntervalMs: 30_000,
  lowEndCheckIntervalMs: 60_000,
  cleanupRatio: 0.8,
  criticalRatio: 0.9,
  lowEndClass: 'low-end',
} as const;

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

export function isSlowConnection(info: Pick<DeviceInfo, 'effectiveType'>): boolean {
  return info.effectiveType !== undefined && SLOW_TYPES.has(info.effectiveType);
}

/** Memory at most 2 GB, a slow-2g/2g/3g connection, or at most 2 CPU cores. Unknown values do not count. */
export function isLowEndDevice(info: DeviceInfo): boolean {
  if (info.deviceMemory !== undefined && info.deviceMemory <= 2) return true;
  if (info.hardwareConcurrency !== undefined && info.hardwareConcurrency > 0 && info.hardwareConcurrency <= 2) {
    return true;
  }
  return isSlowConnection(info);
}

export function checkIntervalFor(info: DeviceInfo): number {
  return isLowEndDevice(info) ? PERF.lowEndCheckIntervalMs : PERF.checkIntervalMs;
}

export type HeapAction = 'none' | 'cleanup' | 'critical';

/** Over 80% of the heap limit: clean caches. Over 90%: also drop half of the runtime image cache. */
export function heapAction(heap: HeapInfo | undefined): HeapAction {
  if (!heap || heap.jsHeapSizeLimit <= 0) return 'none';
  const ratio = heap.usedJSHeapSize / heap.jsHeapSizeLimit;
  if (ratio > PERF.criticalRatio) return 'critical';
  if (ratio > PERF.cleanupRatio) return 'cleanup';
  return 'none';
}

export type ChunkSize = 100 | 250 | 500;

/** Items to render or process per batch: 100 on low-end devices, 500 on strong ones, else 250. */
export function recommendedChunkSize(info: DeviceInfo): ChunkSize {
  if (isLowEndDevice(info)) return 100;
  const memory = info.deviceMemory ?? 4;
  const cores = info.hardwareConcurrency ?? 4;
  if (memory >= 8 && cores >= 8 && !info.saveData) return 500;
  return 250;
}

/** Route and asset prefetching is skipped when the user saves data or the connection is 2g/3g. */
export function shouldPrefetch(info: DeviceInfo = readDeviceInfo()): boolean {
  if (info.saveData) return false;
  return !isSlowConnection(info);
}

type NavigatorWithHints = Navigator & {
  deviceMemory?: number;
  connection?: { effectiveType?: string; saveData?: boolean };
};

export function readDeviceInfo(): DeviceInfo {
  if (typeof navigator === 'undefined') return {};
  const nav = navigator as NavigatorWithHints;
  return {
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
    effectiveType: nav.connection?.effectiveType,
    saveData: nav.connection?.saveData,
  };
}

export function readHeap(): HeapInfo | undefined {
  if (typeof performance === 'undefined') return undefined;
  const memory = (performance as Performance & { memory?: HeapInfo }).memory;
  return memory ? { usedJSHeapSize: memory.usedJSHeapSize, jsHeapSizeLimit: memory.jsHeapSizeLimit } : undefined;
}

/**
 * Runtime cache of image URLs already decoded this session (LazyImage skips its placeholder for them). Keeps
 * insertion order so the oldest half can be dropped under memory pressure.
 */
export class ImageCache {
  private readonly entries = new Map<string, number>();

  constructor(private readonly max = 500) {}

  remember(src: string): void {
    this.entries.delete(src);
    this.entries.set(src, Date.now());
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  has(src: string): boolean {
    return this.entries.has(src);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the older half; returns how many entries were removed. */
  clearHalf(): number {
    const drop = Math.ceil(this.entries.size / 2);
    let removed = 0;
    for (const key of this.entries.keys()) {
      if (removed >= drop) break;
      this.entries.delete(key);
      removed += 1;
    }
    return removed;
  }

  clear(): void {
    this.entries.clear();
  }
}

export const imageCache = new ImageCache();

export type PerfMonitorOptions = {
  /** Called when the heap is over 80% (and over 90%): clear query caches, lists, etc. */
  onCacheCleanup?: () => void;
  device?: DeviceInfo;
  readHeap?: () => HeapInfo | undefined;
  images?: ImageCache;
  root?: { classList: { toggle: (name: string, force?: boolean) => unknown } };
};

export type PerfMonitor = {
  lowEnd: boolean;
  intervalMs: number;
  chunkSize: ChunkSize;
  /** Runs one check now; returns what it did. */
  check: () => HeapAction;
  stop: () => void;
};

const cleanupCallbacks = new Set<() => void>();

/** Lets a cache (query client, game list ...) free memory when the heap runs high. Returns the unregister function. */
export function onMemoryPressure(callback: () => void): () => void {
  cleanupCallbacks.add(callback);
  return () => cleanupCallbacks.delete(callback);
}

/** Applies one heap decision. Exported for tests. */
export function applyHeapAction(action: HeapAction, opts: { onCacheCleanup?: () => void; images: ImageCache }): void {
  if (action === 'none') return;
  opts.onCacheCleanup?.();
  for (const callback of cleanupCallbacks) callback();
  if (action === 'critical') opts.images.clearHalf();
}

/** Starts the periodic check and marks low-end devices with html.low-end. Call once at start-up. */
export function startPerfMonitor(options: PerfMonitorOptions = {}): PerfMonitor {
  const device = options.device ?? readDeviceInfo();
  const lowEnd = isLowEndDevice(device);
  const intervalMs = checkIntervalFor(device);
  const images = options.images ?? imageCache;
  const heap = options.readHeap ?? readHeap;
  const root = options.root ?? (typeof document !== 'undefined' ? document.documentElement : undefined);
  root?.classList.toggle(PERF.lowEndClass, lowEnd);

  const check = () => {
    const action = heapAction(heap());
    applyHeapAction(action, { onCacheCleanup: options.onCacheCleanup, images });
    return action;
  };
  const timer = setInterval(check, intervalMs);
  return {
    lowEnd,
    intervalMs,
    chunkSize: recommendedChunkSize(device),
    check,
    stop: () => clearInterval(timer),
  };
}
