import type { Competitor } from '@sorte/contracts';

const HEX = /^#[0-9a-f]{6}$/i;

/** A team's crest as a generated monogram: its abbreviation in its two colours (no images to license or load). */
export function Crest({ team, size = 28 }: { team: Pick<Competitor, 'abbreviation' | 'colors'>; size?: number }) {
  const [bg, fg] = team.colors;
  return (
    <span
      className="sp-crest"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.34),
        background: HEX.test(bg) ? bg : '#3a4a5a',
        color: HEX.test(fg) ? fg : '#ffffff',
      }}
    >
      {team.abbreviation.slice(0, 3).toUpperCase()}
    </span>
  );
}
