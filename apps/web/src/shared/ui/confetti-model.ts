/** Spec section 9: a burst is 40 pieces and 20 dots. */
export const CONFETTI_PIECES = 40;
export const CONFETTI_DOTS = 20;

export type ConfettiParticle = {
  id: number;
  kind: 'piece' | 'dot';
  /** Start position, % of the viewport width. */
  x: number;
  /** Horizontal travel while falling (pieces) or burst vector (dots), px. */
  dx: number;
  dy: number;
  /** Seconds. */
  delay: number;
  duration: number;
  rotate: number;
  size: number;
  color: string;
};

export const CONFETTI_COLORS = [
  'var(--c-primary)',
  'var(--c-secondary)',
  'var(--c-info)',
  'var(--c-success)',
  'var(--c-warning)',
  'var(--c-danger)',
  '#ffffff',
  '#ffd54a',
];

/** Builds one burst. `random` is injectable so tests are deterministic. */
export function createConfetti({
  pieces = CONFETTI_PIECES,
  dots = CONFETTI_DOTS,
  colors = CONFETTI_COLORS,
  random = Math.random,
}: {
  pieces?: number;
  dots?: number;
  colors?: string[];
  random?: () => number;
} = {}): ConfettiParticle[] {
  const between = (min: number, max: number) => min + random() * (max - min);
  const pick = () => colors[Math.floor(random() * colors.length) % colors.length] ?? '#fff';
  const out: ConfettiParticle[] = [];
  for (let i = 0; i < pieces; i++) {
    out.push({
      id: i,
      kind: 'piece',
      x: between(2, 98),
      dx: between(-140, 140),
      dy: 0,
      delay: between(0, 0.7),
      duration: between(2.2, 3.6),
      rotate: between(360, 1080) * (random() < 0.5 ? -1 : 1),
      size: between(7, 12),
      color: pick(),
    });
  }
  for (let i = 0; i < dots; i++) {
    const angle = between(0, Math.PI * 2);
    const distance = between(120, 320);
    out.push({
      id: pieces + i,
      kind: 'dot',
      x: 50,
      dx: Math.cos(angle) * distance,
      dy: Math.sin(angle) * distance,
      delay: between(0, 0.15),
      duration: between(0.9, 1.5),
      rotate: 0,
      size: between(5, 10),
      color: pick(),
    });
  }
  return out;
}
