import type { CSSProperties } from 'react';
import { cx } from './cx';
import './skeleton.css';

export type SkeletonProps = {
  variant?: 'text' | 'rect' | 'circle';
  width?: number | string;
  height?: number | string;
  /** For text: number of lines; the last one is shorter. */
  lines?: number;
  radius?: number | string;
  className?: string;
};

export function Skeleton({ variant = 'rect', width, height, lines = 1, radius, className }: SkeletonProps) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  if (variant === 'text' && lines > 1) {
    return (
      <span className={cx('ui-skeleton-lines', className)} aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
            key={i}
            className="ui-skeleton ui-skeleton--text"
            style={{ width: i === lines - 1 ? '62%' : '100%', height }}
          />
        ))}
      </span>
    );
  }
  return <span className={cx('ui-skeleton', `ui-skeleton--${variant}`, className)} style={style} aria-hidden="true" />;
}
