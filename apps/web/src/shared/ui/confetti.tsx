import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { createConfetti } from './confetti-model';
import { cx } from './cx';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './use-media-query';
import './confetti.css';

export type ConfettiProps = {
  /** Change this value (e.g. a counter) to fire a new burst; 0 or null renders nothing. */
  fire: number | null;
  /** Called when the burst has finished (at once under reduced motion). */
  onDone?: () => void;
  /** Rendered inside its parent (position: relative) instead of over the whole viewport. */
  contained?: boolean;
  className?: string;
};

const BURST_MS = 4400;

export function Confetti({ fire, onDone, contained, className }: ConfettiProps) {
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const particles = useMemo(() => (fire ? createConfetti() : []), [fire]);

  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (!fire) return;
    const timer = setTimeout(() => onDoneRef.current?.(), reduced ? 0 : BURST_MS);
    return () => clearTimeout(timer);
  }, [fire, reduced]);

  if (!fire || reduced || typeof document === 'undefined') return null;

  const layer = (
    <div key={fire} className={cx('ui-confetti', contained && 'ui-confetti--contained', className)} aria-hidden="true">
      {particles.map((p) => (
        <span
          key={p.id}
          className={`ui-confetti__${p.kind}`}
          style={
            {
              '--x': `${p.x}%`,
              '--dx': `${p.dx}px`,
              '--dy': `${p.dy}px`,
              '--rot': `${p.rotate}deg`,
              '--size': `${p.size}px`,
              '--c': p.color,
              animationDelay: `${p.delay}s`,
              animationDuration: `${p.duration}s`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
  return contained ? layer : createPortal(layer, document.body);
}
