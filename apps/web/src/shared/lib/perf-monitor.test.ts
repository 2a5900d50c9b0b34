import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyHeapAction,
  checkIntervalFor,
  heapAction,
  ImageCache,
  isLowEndDevice,
  onMemoryPressure,
  recommendedChunkSize,
  shouldPrefetch,
  startPerfMonitor,
} from './perf-monitor';

const strong = { deviceMemory: 8, hardwareConcurrency: 8, effectiveType: '4g' };

describe('low-end detection', () => {
  it('flags memory <= 2 GB, 2 cores or fewer, and slow-2g/2g/3g connections', () => {
    expect(isLowEndDevice(strong)).toBe(false);
    expect(isLowEndDevice({ ...strong, deviceMemory: 2 })).toBe(true);
    expect(isLowEndDevice({ ...strong, deviceMemory: 4 })).toBe(false);
    expect(isLowEndDevice({ ...strong, hardwareConcurrency: 2 })).toBe(true);
    expect(isLowEndDevice({ ...strong, hardwareConcurrency: 3 })).toBe(false);
    for (const type of ['slow-2g', '2g', '3g']) expect(isLowEndDevice({ ...strong, effectiveType: type })).toBe(true);
  });

  it('does not flag a device whose hints are unknown', () => {
    expect(isLowEndDevice({})).toBe(false);
  });
});

describe('check interval', () => {
  it('is 30 s, or 60 s on low-end devices', () => {
    expect(checkIntervalFor(strong)).toBe(30_000);
    expect(checkIntervalFor({ ...strong, effectiveType: '3g' })).toBe(60_000);
  });
});

describe('heap thresholds', () => {
  const heap = (ratio: number) => ({ usedJSHeapSize: ratio * 1000, jsHeapSizeLimit: 1000 });
  it('does nothing up to 80%, cleans caches above 80%, and is critical above 90%', () => {
    expect(heapAction(undefined)).toBe('none');
    expect(heapAction(heap(0.8))).toBe('none');
    expect(heapAction(heap(0.81))).toBe('cleanup');
    expect(heapAction(heap(0.9))).toBe('cleanup');
    expect(heapAction(heap(0.95))).toBe('critical');
  });

  it('runs the cleanup callbacks above 80% and also drops half of the image cache above 90%', () => {
    const images = new ImageCache();
    for (let i = 0; i < 10; i++) images.remember(`/img/${i}.png`);
    const cleanup = vi.fn();
    const registered = vi.fn();
    const unregister = onMemoryPressure(registered);

    applyHeapAction('cleanup', { onCacheCleanup: cleanup, images });
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(registered).toHaveBeenCalledTimes(1);
    expect(images.size).toBe(10);

    applyHeapAction('critical', { onCacheCleanup: cleanup, images });
    expect(cleanup).toHaveBeenCalledTimes(2);
    expect(images.size).toBe(5);
    // The oldest half went.
    expect(images.has('/img/0.png')).toBe(false);
    expect(images.has('/img/9.png')).toBe(true);
    unregister();
  });
});

describe('chunk size', () => {
  it('is 100 on low-end devices, 500 on strong ones and 250 otherwise', () => {
    expect(recommendedChunkSize({ deviceMemory: 1 })).toBe(100);
    expect(recommendedChunkSize(strong)).toBe(500);
    expect(recommendedChunkSize({ deviceMemory: 4, hardwareConcurrency: 4 })).toBe(250);
    expect(recommendedChunkSize({})).toBe(250);
  });
});

describe('prefetching', () => {
  it('is skipped with save-data or on 2g/3g connections', () => {
    expect(shouldPrefetch(strong)).toBe(true);
    expect(shouldPrefetch({ ...strong, saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({})).toBe(true);
  });
});

describe('startPerfMonitor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks low-end devices and checks the heap every 60 s on them', () => {
    vi.useFakeTimers();
    const classes = new Set<string>();
    const root = {
      classList: { toggle: (name: string, on?: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    };
    const readHeap = vi.fn(() => ({ usedJSHeapSize: 850, jsHeapSizeLimit: 1000 }));
    const onCacheCleanup = vi.fn();
    const monitor = startPerfMonitor({ device: { deviceMemory: 2 }, readHeap, onCacheCleanup, root });
    expect(classes.has('low-end')).toBe(true);
    expect(monitor).toMatchObject({ lowEnd: true, intervalMs: 60_000, chunkSize: 100 });

    vi.advanceTimersByTime(59_999);
    expect(readHeap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCacheCleanup).toHaveBeenCalledTimes(1);
    monitor.stop();
    vi.advanceTimersByTime(120_000);
    expect(readHeap).toHaveBeenCalledTimes(1);
  });

  it('checks every 30 s on other devices and leaves the class off', () => {
    vi.useFakeTimers();
    const classes = new Set<string>(['low-end']);
    const root = {
      classList: { toggle: (name: string, on?: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    };
    const readHeap = vi.fn(() => ({ usedJSHeapSize: 100, jsHeapSizeLimit: 1000 }));
    const monitor = startPerfMonitor({ device: strong, readHeap, root });
    expect(classes.has('low-end')).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(readHeap).toHaveBeenCalledTimes(1);
    monitor.stop();
  });
});
