import type { Competitor } from '@sorte/contracts';
import { crestColors } from '../lib/colors';

/** A team's crest as a generated monogram: its abbreviation in its two colours (no images to license or load). */
export function Crest({ team, size = 28 }: { team: Pick<Competitor, 'abbreviation' | 'colors'>; size?: number }) {
  const { bg, fg } = crestColors(team.colors);
  return (
    <span
      className="sp-crest"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.max(8, Math.round(size * 0.34)), background: bg, color: fg }}
    >
      {team.abbreviation.slice(0, 3).toUpperCase()}
    </span>
  );
}
