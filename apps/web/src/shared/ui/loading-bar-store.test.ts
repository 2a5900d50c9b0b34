import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, estimateProgress, LOADING_BAR_DEFAULTS } from './loading-bar-store';

describe('loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec values', () => {
    expect(LOADING_BAR_DEFAULTS).toMatchObject({
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
      height: 3,
    });
  });

  it('never shows for loads shorter than the 200 ms throttle', () => {
    const bar = createLoadingBar();
    bar.start();
    expect(bar.store.getState()).toMatchObject({ phase: 'pending', visible: false });
    vi.advanceTimersByTime(150);
    bar.finish();
    expect(bar.store.getState()).toMatchObject({ phase: 'idle', visible: false, progress: 0 });
    vi.advanceTimersByTime(1000);
    expect(bar.store.getState().visible).toBe(false);
  });

  it('shows after the throttle, grows, then completes, hides after 500 ms and resets after 400 ms more', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.store.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.store.getState()).toMatchObject({ phase: 'loading', visible: true });

    vi.advanceTimersByTime(2000);
    const progress = bar.store.getState().progress;
    expect(progress).toBeGreaterThan(65);
    expect(progress).toBeLessThan(75);

    bar.finish();
    expect(bar.store.getState()).toMatchObject({ phase: 'finishing', progress: 100, visible: true });
    vi.advanceTimersByTime(499);
    expect(bar.store.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.store.getState()).toMatchObject({ phase: 'hiding', visible: false, progress: 100 });
    vi.advanceTimersByTime(400);
    expect(bar.store.getState()).toMatchObject({ phase: 'idle', progress: 0, error: false });
  });

  it('waits for every started load before completing, unless forced', () => {
    const bar = createLoadingBar();
    bar.start(); // route
    bar.start(); // http call
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(bar.store.getState().phase).toBe('loading');
    expect(bar.pending()).toBe(1);
    bar.finish();
    expect(bar.store.getState().phase).toBe('finishing');

    bar.start();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish({ force: true });
    expect(bar.store.getState().phase).toBe('finishing');
    expect(bar.pending()).toBe(0);
  });

  it('error() completes at once in the error state, even before the throttle', () => {
    const bar = createLoadingBar();
    bar.start();
    bar.error();
    expect(bar.store.getState()).toMatchObject({ phase: 'finishing', visible: true, progress: 100, error: true });
    vi.advanceTimersByTime(900);
    expect(bar.store.getState()).toMatchObject({ phase: 'idle', error: false });
  });

  it('a start during the hide delay restarts the bar', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(500);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(bar.store.getState()).toMatchObject({ phase: 'loading', visible: true });
    vi.advanceTimersByTime(2000);
    expect(bar.store.getState().phase).toBe('loading');
  });

  it('estimated progress never completes on its own', () => {
    expect(estimateProgress(0, 2000)).toBe(0);
    expect(estimateProgress(1000, 2000)).toBeCloseTo(50, 0);
    expect(estimateProgress(60_000, 2000)).toBe(95);
  });
});
