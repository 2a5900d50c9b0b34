import { create } from 'zustand';

const KEY = 'originals_muted';

function readMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export const useSound = create<{ muted: boolean; toggle: () => void }>((set, get) => ({
  muted: readMuted(),
  toggle: () => {
    const muted = !get().muted;
    try {
      globalThis.localStorage?.setItem(KEY, muted ? '1' : '0');
    } catch {
      // private mode: keep it for this page view
    }
    set({ muted });
  },
}));

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (useSound.getState().muted) return null;
  const Ctor =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx ??= new Ctor();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

/** One synthesised note: no audio files are downloaded, every sound is generated here. */
function tone(o: { freq: number; to?: number; dur: number; type?: OscillatorType; gain?: number; delay?: number }) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + (o.delay ?? 0);
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = o.type ?? 'sine';
  osc.frequency.setValueAtTime(o.freq, t0);
  if (o.to) osc.frequency.exponentialRampToValueAtTime(o.to, t0 + o.dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(o.gain ?? 0.12, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + o.dur);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + o.dur + 0.02);
}

export const sfx = {
  bet: () => tone({ freq: 420, to: 520, dur: 0.08, type: 'triangle', gain: 0.08 }),
  tick: () => tone({ freq: 900, dur: 0.03, type: 'square', gain: 0.03 }),
  gem: () => {
    tone({ freq: 880, dur: 0.1, type: 'triangle' });
    tone({ freq: 1320, dur: 0.12, type: 'triangle', delay: 0.06 });
  },
  win: () => {
    [523, 659, 784, 1047].forEach((f, i) => {
      tone({ freq: f, dur: 0.16, type: 'triangle', delay: i * 0.08 });
    });
  },
  lose: () => tone({ freq: 220, to: 110, dur: 0.25, type: 'sawtooth', gain: 0.06 }),
  boom: () => {
    tone({ freq: 160, to: 40, dur: 0.4, type: 'sawtooth', gain: 0.15 });
    tone({ freq: 90, to: 30, dur: 0.5, type: 'square', gain: 0.08, delay: 0.02 });
  },
};
