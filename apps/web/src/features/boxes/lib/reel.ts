/**
 * The reel of an opening: a strip of prize cards that slides and stops under the marker on the prize the server
 * rolled. The server answers first; the strip is then built around that answer, so the animation can only show the
 * real outcome. Fillers are drawn leaning towards the rare prizes (square root of the odds) so near misses are seen.
 */
export type ReelPrize = { id: number; probability: number };

export const REEL_LENGTH = 44;
export const REEL_STOP = 36;

export type Reel = {
  ids: number[];
  stop: number /** Where under the marker the stop card lands, -0.5..0.5 of a card. */;
  jitter: number;
};

export function buildReel(
  prizes: readonly ReelPrize[],
  rolled: number,
  o: { length?: number; stop?: number; random?: () => number } = {},
): Reel {
  const length = o.length ?? REEL_LENGTH;
  const stop = Math.min(o.stop ?? REEL_STOP, length - 1);
  const random = o.random ?? Math.random;
  const weights = prizes.map((p) => Math.sqrt(Math.max(p.probability, 0)));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = (): number => {
    if (prizes.length === 0 || total <= 0) return rolled;
    let r = random() * total;
    for (let i = 0; i < prizes.length; i++) {
      r -= weights[i]!;
      if (r < 0) return prizes[i]!.id;
    }
    return prizes[prizes.length - 1]!.id;
  };
  const ids = Array.from({ length }, (_, i) => (i === stop ? rolled : pick()));
  // Kept off the card's edges, so the marker is plainly on the rolled card and never on a border.
  const jitter = (random() - 0.5) * 0.6;
  return { ids, stop, jitter };
}

/**
 * How far the strip moves (px, leftwards) to put the stop card's point `jitter` under the marker at the centre of a
 * viewport `view` px wide, for cards `card` px wide with `gap` px between them.
 */
export function reelOffset(
  reel: Pick<Reel, 'stop' | 'jitter'>,
  o: { card: number; gap: number; view: number },
): number {
  const centre = reel.stop * (o.card + o.gap) + o.card / 2 + reel.jitter * o.card;
  return Math.max(0, centre - o.view / 2);
}

/** The card index under the marker for a strip moved `offset` px (the inverse of reelOffset). */
export function cardAt(offset: number, o: { card: number; gap: number; view: number }): number {
  return Math.floor((offset + o.view / 2) / (o.card + o.gap));
}
