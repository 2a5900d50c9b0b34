import { z } from 'zod';
import type { LevelRow } from './repo';

/**
 * A tenant's VIP ladder as the operator writes it (vip:set-levels --file levels.json):
 *   {"points_per_real": 1, "levels": [{"name": {"pt": "Bronze", "en": "Bronze"}, "threshold": 10000,
 *     "color": "#cd7f32", "reward_cash": 500, "reward_offer_id": 3, "reward_box_id": 2}, ...]}
 * Levels are numbered 1..N in the order given; thresholds (centavos wagered in the season) must go strictly up.
 */

const Name = z.string().trim().min(1, 'must not be empty').max(40, 'at most 40 characters');
const Level = z.strictObject({
  name: z.strictObject({ pt: Name, en: Name }),
  threshold: z.number().int('must be whole centavos').positive('must be above 0').max(1e13),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be #rrggbb'),
  reward_cash: z.number().int('must be whole centavos').min(0).max(10_000_000, 'at most R$ 100.000,00').default(0),
  /** A promotions offer (offer:list) granted too: a no-deposit credit or free spins. */
  reward_offer_id: z.number().int().positive().optional(),
  /** A mystery box (box:list) given too, one unopened box of its live version. */
  reward_box_id: z.number().int().positive().optional(),
});
export const LadderFile = z.strictObject({
  points_per_real: z.number().int().min(0).max(1000).default(1),
  levels: z.array(Level).min(1, 'at least one level').max(50, 'at most 50 levels'),
});
export type LadderFile = z.input<typeof LadderFile>;

export type Ladder = { pointsPerReal: number; levels: LevelRow[] };

/** Checks a whole ladder; answers it or every reason it is refused (nothing is written on a refusal). */
export function parseLadder(input: unknown): { ok: true; ladder: Ladder } | { ok: false; reasons: string[] } {
  const r = LadderFile.safeParse(input);
  if (!r.success)
    return { ok: false, reasons: r.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`) };
  const reasons: string[] = [];
  const levels = r.data.levels;
  levels.forEach((l, i) => {
    const prev = levels[i - 1];
    if (prev && l.threshold <= prev.threshold)
      reasons.push(`levels.${i}.threshold: ${l.threshold} must be above the previous level's ${prev.threshold}`);
  });
  for (const lang of ['pt', 'en'] as const) {
    const seen = new Set<string>();
    levels.forEach((l, i) => {
      const k = l.name[lang].toLowerCase();
      if (seen.has(k)) reasons.push(`levels.${i}.name.${lang}: "${l.name[lang]}" is used by another level`);
      seen.add(k);
    });
  }
  if (reasons.length) return { ok: false, reasons };
  return {
    ok: true,
    ladder: {
      pointsPerReal: r.data.points_per_real,
      levels: levels.map((l, i) => ({
        level: i + 1,
        threshold: l.threshold,
        name_pt: l.name.pt,
        name_en: l.name.en,
        color: l.color.toLowerCase(),
        reward_cash: l.reward_cash,
        reward_offer_id: l.reward_offer_id ?? null,
        reward_box_id: l.reward_box_id ?? null,
      })),
    },
  };
}
