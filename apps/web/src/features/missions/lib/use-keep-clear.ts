import { type RefObject, useEffect, useState } from 'react';
import { WIDGET_LAYOUT } from './layout';

/** What a floating widget must never cover: the footer, and what a page marks (a game's bet controls). */
const KEEP_CLEAR = '.app-footer, [data-fab-clear]';

/**
 * The ids of the widgets (children of `layer` with data-mission) that overlap something they must keep clear of,
 * checked once a frame at most on scroll, resize and when the page's content changes. Those step aside (as the
 * chat button does); they are back once the page scrolls them clear, and the missions list always has them.
 * On a phone, a game page hides them all.
 */
export function useWidgetsInTheWay(layer: RefObject<HTMLElement | null>): Set<number> {
  const [away, setAway] = useState<Set<number>>(() => new Set());
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const widgets = [...(layer.current?.querySelectorAll<HTMLElement>('[data-mission]') ?? [])];
      const clear = [...document.querySelectorAll(KEEP_CLEAR)].map((el) => el.getBoundingClientRect());
      // A phone's game page (it marks its controls) needs the whole screen: the widgets wait in the missions list.
      const gameOnPhone = window.innerWidth < WIDGET_LAYOUT.narrowBelow && document.querySelector('[data-fab-clear]');
      const next = new Set<number>();
      for (const w of widgets) {
        if (gameOnPhone) {
          next.add(Number(w.dataset.mission));
          continue;
        }
        const r = w.firstElementChild?.getBoundingClientRect() ?? w.getBoundingClientRect();
        if (r.width === 0) continue;
        if (clear.some((c) => c.top < r.bottom && c.bottom > r.top && c.left < r.right && c.right > r.left))
          next.add(Number(w.dataset.mission));
      }
      setAway((old) => (old.size === next.size && [...next].every((id) => old.has(id)) ? old : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const content = new MutationObserver(schedule);
    content.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      content.disconnect();
    };
  }, [layer]);
  return away;
}
