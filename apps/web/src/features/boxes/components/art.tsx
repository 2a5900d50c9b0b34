import type { BoxPrizeKind, BoxRarity } from '@sorte/contracts';
import { useState } from 'react';
import { cx } from '../../../shared/ui';

/** A prize without artwork of its own: a drawn glyph of its kind, in its rarity's colour. */
function KindGlyph({ kind }: { kind: BoxPrizeKind }) {
  if (kind === 'cash')
    return (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <ellipse cx="32" cy="40" rx="20" ry="8" fill="currentColor" opacity="0.35" />
        <ellipse cx="32" cy="34" rx="20" ry="8" fill="currentColor" opacity="0.6" />
        <ellipse cx="32" cy="27" rx="20" ry="8" fill="currentColor" />
        <text x="32" y="31" textAnchor="middle" fontSize="11" fontWeight="800" fill="#0b1220">
          R$
        </text>
      </svg>
    );
  if (kind === 'bonus')
    return (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <rect x="12" y="28" width="40" height="24" rx="4" fill="currentColor" />
        <rect x="9" y="20" width="46" height="10" rx="3" fill="currentColor" opacity="0.75" />
        <rect x="29" y="20" width="6" height="32" fill="#0b1220" opacity="0.35" />
        <path d="M32 20c-6-10-16-8-12-2 2 3 8 2 12 2zm0 0c6-10 16-8 12-2-2 3-8 2-12 2z" fill="currentColor" />
      </svg>
    );
  if (kind === 'free_spins')
    return (
      <svg viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="21" fill="none" stroke="currentColor" strokeWidth="6" />
        <path d="M32 11v10M32 43v10M11 32h10M43 32h10" stroke="currentColor" strokeWidth="4" />
        <circle cx="32" cy="32" r="7" fill="currentColor" />
      </svg>
    );
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <path d="M20 14h24l10 14-22 24L10 28z" fill="currentColor" />
      <path
        d="M10 28h44M26 14l-4 14 10 24 10-24-4-14"
        fill="none"
        stroke="#0b1220"
        strokeOpacity="0.3"
        strokeWidth="2"
      />
    </svg>
  );
}

/** A prize's picture: its artwork when it has one, else its kind's glyph; tinted by rarity through CSS. */
export function PrizeArt({
  image,
  kind,
  rarity,
  className,
}: {
  image: string | null;
  kind: BoxPrizeKind;
  rarity: BoxRarity;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={cx('bx-prize-art', `bx-r-${rarity}`, className)} aria-hidden="true">
      {image && !broken ? (
        <img src={image} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <KindGlyph kind={kind} />
      )}
    </span>
  );
}

/** A box's artwork (decorative: the title sits beside it). */
export function BoxArt({ image, className, eager }: { image: string; className?: string; eager?: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={cx('bx-box-art', className)} aria-hidden="true">
      {broken ? (
        <svg viewBox="0 0 120 120">
          <path d="M60 14 104 36v50L60 108 16 86V36z" fill="currentColor" opacity="0.25" />
          <path d="M60 14 104 36 60 58 16 36z" fill="currentColor" opacity="0.55" />
          <path d="M60 58v50" stroke="currentColor" strokeWidth="3" />
        </svg>
      ) : (
        <img
          src={image}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          onError={() => setBroken(true)}
        />
      )}
    </span>
  );
}
