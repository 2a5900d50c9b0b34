import type { CSSProperties } from 'react';

/**
 * A level's emblem: a gem in the level's colour (the operator's, a decoration only) with the level number on a dark
 * disc, so the number reads the same on any colour and in both themes.
 */
export function LevelBadge({ level, color, size = 44 }: { level: number; color: string; size?: number }) {
  return (
    <span
      className="vip-badge"
      style={{ '--vip-c': color, width: size, height: size } as CSSProperties}
      aria-hidden="true"
    >
      <svg viewBox="0 0 48 48" width={size} height={size}>
        <path d="M24 3 43 15v18L24 45 5 33V15z" fill="var(--vip-c)" />
        <path d="M24 3 43 15 24 24 5 15z" fill="rgb(255 255 255 / 0.28)" />
        <circle cx="24" cy="25" r="11" fill="#0b1224" />
      </svg>
      <span className="vip-badge__n">{level}</span>
    </span>
  );
}
