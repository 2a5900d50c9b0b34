import { useEffect, useRef } from 'react';
import { formatMultiplier } from '../../../shared/lib/numbers';
import { GROWTH_PER_MS, multiplierAt } from './curve';
import type { LiveState } from './use-mp-game';

/** How far the drawing may run ahead of the last tick before it waits for the next one (ms). */
const MAX_AHEAD_MS = 250;

/** The elapsed time of the running round now, interpolated from the last tick. */
export function elapsedNow(live: LiveState): number {
  if (!live.tick) return 0;
  return live.tick.elapsed + Math.min(performance.now() - live.tick.at, MAX_AHEAD_MS);
}

function niceStep(range: number) {
  const raw = range / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const n = raw / pow;
  return (n < 1.5 ? 1 : n < 3.5 ? 2 : n < 7.5 ? 5 : 10) * pow;
}

/**
 * The live multiplier curve on a canvas, redrawn every animation frame from the last realtime tick and the published
 * formula; the big multiplier text is written straight to the DOM (no React render per frame).
 */
export function CrashCurve({
  liveRef,
  label,
}: {
  liveRef: { current: LiveState };
  label: (live: LiveState, m: number) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let raf = 0;
    const css = getComputedStyle(document.documentElement);
    const primary = css.getPropertyValue('--c-primary').trim() || '#22c55e';
    const draw = () => {
      raf = requestAnimationFrame(draw);
      const c = canvas.current;
      if (!c) return;
      const live = liveRef.current;
      const dpr = window.devicePixelRatio || 1;
      const w = c.clientWidth;
      const h = c.clientHeight;
      if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
        c.width = Math.round(w * dpr);
        c.height = Math.round(h * dpr);
      }
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const crashed = live.phase === 'ended' && live.last?.crash_point !== undefined;
      const running = live.phase === 'running';
      const elapsed = running ? elapsedNow(live) : crashed ? Math.log(live.last!.crash_point!) / GROWTH_PER_MS : 0;
      const m = running ? multiplierAt(elapsed) : crashed ? live.last!.crash_point! : 1;
      const pad = { l: 44, b: 24, t: 12, r: 12 };
      const pw = w - pad.l - pad.r;
      const ph = h - pad.t - pad.b;
      const tMax = Math.max(10_000, elapsed * 1.15);
      const mMax = Math.max(2, 1 + (m - 1) * 1.25);
      const X = (t: number) => pad.l + (t / tMax) * pw;
      const Y = (v: number) => pad.t + ph - ((v - 1) / (mMax - 1)) * ph;
      // grid
      ctx.strokeStyle = 'rgba(148,163,184,.15)';
      ctx.fillStyle = 'rgba(148,163,184,.8)';
      ctx.font = '11px system-ui, sans-serif';
      ctx.lineWidth = 1;
      const ys = niceStep(mMax - 1);
      for (let v = 1; v <= mMax + 1e-9; v += ys) {
        const y = Y(v);
        ctx.beginPath();
        ctx.moveTo(pad.l, y);
        ctx.lineTo(w - pad.r, y);
        ctx.stroke();
        ctx.fillText(formatMultiplier(v, { min: v < 10 ? 1 : 0 }), 4, y + 4);
      }
      const xs = niceStep(tMax / 1000) * 1000;
      ctx.textAlign = 'center';
      for (let t = 0; t <= tMax; t += xs) if (X(t) < w - 14) ctx.fillText(`${Math.round(t / 1000)}s`, X(t), h - 6);
      ctx.textAlign = 'start';
      if (running || crashed) {
        const color = crashed ? '#ef4444' : primary;
        ctx.beginPath();
        const steps = 80;
        for (let i = 0; i <= steps; i++) {
          const t = (elapsed * i) / steps;
          const v = Math.exp(GROWTH_PER_MS * t);
          if (i === 0) ctx.moveTo(X(t), Y(v));
          else ctx.lineTo(X(t), Y(v));
        }
        ctx.strokeStyle = color;
        ctx.lineWidth = 4;
        ctx.lineCap = 'round';
        ctx.stroke();
        ctx.lineTo(X(elapsed), Y(1));
        ctx.lineTo(X(0), Y(1));
        ctx.closePath();
        const g = ctx.createLinearGradient(0, pad.t, 0, pad.t + ph);
        g.addColorStop(0, `${color}66`);
        g.addColorStop(1, `${color}05`);
        ctx.fillStyle = g;
        ctx.fill();
        ctx.beginPath();
        ctx.arc(X(elapsed), Y(Math.exp(GROWTH_PER_MS * elapsed)), 6, 0, Math.PI * 2);
        ctx.fillStyle = color;
        ctx.fill();
      }
      if (text.current) {
        const s = label(live, m);
        if (text.current.textContent !== s) text.current.textContent = s;
        text.current.dataset.phase = live.phase;
      }
    };
    raf = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(raf);
  }, [liveRef, label]);
  return (
    <div className="mp-curve">
      <canvas ref={canvas} className="mp-curve__canvas" />
      <div ref={text} className="mp-curve__text" data-testid="crash-multiplier" aria-live="off" />
    </div>
  );
}
