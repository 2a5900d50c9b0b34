import type { ShownBanner } from '@sorte/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import './hero-carousel.css';

const AUTO_ADVANCE_MS = 6000;

/**
 * The home hero: a scroll-snap track, so swiping is the browser's own (smooth, with momentum); dots and arrows
 * scroll it, and it advances by itself unless the player is interacting or prefers reduced motion.
 */
export function HeroCarousel({ banners }: { banners: ShownBanner[] }) {
  const t = useT();
  const locale = useLocale();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  const goTo = useCallback(
    (i: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const next = (i + count) % count;
      track.scrollTo({ left: next * track.clientWidth, behavior: 'smooth' });
    },
    [count],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(Math.round(track.scrollLeft / Math.max(1, track.clientWidth))));
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    if (count < 2 || paused) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) goTo(index + 1);
    }, AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, index, goTo]);

  if (count === 0) return null;

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('site.home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
      onTouchEnd={() => setPaused(false)}
    >
      <div className="hero__viewport">
        <div className="hero__track" ref={trackRef}>
          {banners.map((banner, i) => {
            const picture = (
              <picture>
                {banner.image_mobile && <source media="(max-width: 639.98px)" srcSet={banner.image_mobile} />}
                <img
                  src={banner.image}
                  alt={banner.alt || banner.title}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                  draggable={false}
                />
              </picture>
            );
            const label = t('site.home.slide', { index: i + 1, total: count });
            const inner = !banner.link ? (
              <div className="hero__frame">{picture}</div>
            ) : banner.link.startsWith('/') ? (
              <Link className="hero__frame" to={localizePath(banner.link, locale)} tabIndex={i === index ? 0 : -1}>
                {picture}
              </Link>
            ) : (
              <a
                className="hero__frame"
                href={banner.link}
                target="_blank"
                rel="noopener noreferrer"
                tabIndex={i === index ? 0 : -1}
              >
                {picture}
              </a>
            );
            return (
              <div
                className="hero__slide"
                key={banner.id}
                role="group"
                aria-roledescription="slide"
                aria-label={label}
                aria-hidden={i !== index}
              >
                {inner}
              </div>
            );
          })}
        </div>

        {count > 1 && (
          <>
            <button
              type="button"
              className="hero__arrow hero__arrow--prev"
              onClick={() => goTo(index - 1)}
              aria-label={t('site.home.previous')}
            >
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
            <button
              type="button"
              className="hero__arrow hero__arrow--next"
              onClick={() => goTo(index + 1)}
              aria-label={t('site.home.next')}
            >
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M9 5l7 7-7 7" />
              </svg>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="hero__dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={`hero__dot ${i === index ? 'is-active' : ''}`}
              aria-label={t('site.home.goTo', { index: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            >
              {i === index && !paused && (
                <span className="hero__dot-fill" style={{ animationDuration: `${AUTO_ADVANCE_MS}ms` }} />
              )}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
