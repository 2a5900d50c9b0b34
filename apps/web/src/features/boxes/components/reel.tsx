import type { BoxOpening, BoxPrize } from '@sorte/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { buildReel, reelOffset } from '../lib/reel';
import { PrizeArt } from './art';

const SPIN_MS = 5200;
const STAGGER_MS = 450;
// Fast at first, then a long slowing down onto the card: the feel of a wheel coming to rest.
const EASING = 'cubic-bezier(0.06, 0.72, 0.12, 1)';

type Props = {
  prizes: BoxPrize[];
  openings: BoxOpening[];
  /** Bumping it ends every reel at once (the "skip" button). */
  skip: number;
  onDone: () => void;
};

/**
 * One reel per box opened, stacked: each strip is built around the prize the server already rolled and slides
 * until that card sits under the marker. The reels are decorative (the result panel that follows says the same in
 * text), so they are hidden from screen readers.
 */
export function Reels({ prizes, openings, skip, onDone }: Props) {
  const t = useT();
  const left = useRef(openings.length);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const landed = () => {
    left.current -= 1;
    if (left.current === 0) doneRef.current();
  };
  return (
    <div className="bx-reels" data-testid="box-reels">
      {openings.map((o, i) => (
        <Reel
          key={o.id}
          label={t('boxes.box.reelLabel', { n: i + 1 })}
          prizes={prizes}
          opening={o}
          delay={i * STAGGER_MS}
          skip={skip}
          onLanded={landed}
        />
      ))}
    </div>
  );
}

function Reel({
  label,
  prizes,
  opening,
  delay,
  skip,
  onLanded,
}: {
  label: string;
  prizes: BoxPrize[];
  opening: BoxOpening;
  delay: number;
  skip: number;
  onLanded: () => void;
}) {
  const locale = useLocale();
  const view = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLOListElement>(null);
  const anim = useRef<Animation | null>(null);
  const landedRef = useRef(onLanded);
  landedRef.current = onLanded;
  const byId = useMemo(() => new Map(prizes.map((p) => [p.id, p])), [prizes]);
  // The table the box was bought at may differ from the one on sale now: the rolled prize is always on the strip.
  const reel = useMemo(() => {
    const table = byId.has(opening.prize.id) ? prizes : [...prizes, opening.prize];
    const built = buildReel(table, opening.prize.id);
    return { ...built, slots: built.ids.map((id, slot) => ({ id, slot })) };
  }, [byId, prizes, opening]);

  useEffect(() => {
    const v = view.current;
    const s = strip.current;
    const first = s?.firstElementChild as HTMLElement | null;
    if (!v || !s || !first) return;
    const gap = Number.parseFloat(getComputedStyle(s).columnGap) || 0;
    const offset = reelOffset(reel, { card: first.offsetWidth, gap, view: v.clientWidth });
    const a = s.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${-offset}px)` }], {
      duration: SPIN_MS,
      delay,
      easing: EASING,
      fill: 'forwards',
    });
    anim.current = a;
    let over = false;
    const land = () => {
      if (over) return;
      over = true;
      v.dataset.state = 'landed';
      landedRef.current();
    };
    a.finished.then(land, land);
    return () => {
      over = true;
      a.cancel();
    };
  }, [reel, delay]);

  useEffect(() => {
    if (skip > 0) anim.current?.finish();
  }, [skip]);

  return (
    <div className="bx-reel" ref={view} data-state="spinning" data-testid="box-reel" aria-label={label} role="img">
      <span className="bx-reel__marker" data-testid="box-reel-marker" />
      <ol className="bx-reel__strip" ref={strip}>
        {reel.slots.map(({ id, slot }) => {
          const p = id === opening.prize.id ? opening.prize : byId.get(id);
          if (!p) return null;
          const rolled = slot === reel.stop;
          return (
            <li
              key={slot}
              className={`bx-reel__card bx-r-${p.rarity}`}
              data-rolled={rolled ? 'true' : undefined}
              data-testid={rolled ? 'box-reel-rolled' : undefined}
            >
              <PrizeArt image={p.image} kind={p.kind} rarity={p.rarity} />
              <span className="bx-reel__value">{formatMoney(p.value, locale)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
