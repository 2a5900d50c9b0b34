import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { imageCache } from '../lib/perf-monitor';
import { cx } from './cx';
import './lazy-image.css';

/** Spec: images start loading when they come within 50 px of the viewport. */
export const LAZY_IMAGE_ROOT_MARGIN = '50px';

export type LazyImageProps = {
  src: string;
  alt: string;
  srcSet?: string;
  sizes?: string;
  /** Reserves space before load, e.g. "16 / 9" or 1.5. */
  aspectRatio?: string | number;
  width?: number | string;
  height?: number | string;
  fit?: 'cover' | 'contain';
  radius?: number | string;
  /** Shown instead of the default icon when the image fails. */
  fallback?: ReactNode;
  /** Loads at once (above-the-fold images). */
  eager?: boolean;
  className?: string;
  onLoad?: () => void;
  onError?: () => void;
};

type Status = 'idle' | 'loading' | 'loaded' | 'error';

export function LazyImage({
  src,
  alt,
  srcSet,
  sizes,
  aspectRatio,
  width,
  height,
  fit = 'cover',
  radius,
  fallback,
  eager,
  className,
  onLoad,
  onError,
}: LazyImageProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const cached = imageCache.has(src);
  const [inView, setInView] = useState(eager || cached);
  const [status, setStatus] = useState<Status>(cached ? 'loaded' : 'idle');

  // A new src starts over.
  const [prevSrc, setPrevSrc] = useState(src);
  if (prevSrc !== src) {
    setPrevSrc(src);
    setStatus(imageCache.has(src) ? 'loaded' : 'idle');
  }

  useEffect(() => {
    if (inView) return;
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [inView]);

  const style: CSSProperties = { aspectRatio: aspectRatio, width, height, borderRadius: radius };

  return (
    <span
      ref={ref}
      className={cx('ui-lazy-image', `ui-lazy-image--${status}`, className)}
      style={style}
      data-status={status}
    >
      {status !== 'loaded' && status !== 'error' && <span className="ui-lazy-image__placeholder" aria-hidden="true" />}
      {status === 'error' ? (
        <span className="ui-lazy-image__fallback" role="img" aria-label={alt}>
          {fallback ?? (
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <rect x="3" y="4" width="18" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <circle cx="9" cy="10" r="1.8" fill="currentColor" />
              <path d="M4 18l5-5 3 3 3-3 5 5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          )}
        </span>
      ) : (
        inView && (
          <img
            key={src}
            className="ui-lazy-image__img"
            src={src}
            srcSet={srcSet}
            sizes={sizes}
            alt={alt}
            decoding="async"
            style={{ objectFit: fit }}
            onLoad={() => {
              imageCache.remember(src);
              setStatus('loaded');
              onLoad?.();
            }}
            onError={() => {
              setStatus('error');
              onError?.();
            }}
          />
        )
      )}
    </span>
  );
}
