import type { CSSProperties } from 'react';
import { useStore } from 'zustand';
import { cx } from './cx';
import { type LoadingBar as LoadingBarApi, loadingBar } from './loading-bar-store';
import './loading-bar.css';

export type LoadingBarProps = { bar?: LoadingBarApi; className?: string };

/** Thin progress bar at the top of the viewport; drive it with loadingBar.start() / finish() / error(). */
export function LoadingBar({ bar = loadingBar, className }: LoadingBarProps) {
  const { progress, visible, error, phase } = useStore(bar.store);
  return (
    <div
      className={cx(
        'ui-loading-bar',
        visible && 'ui-loading-bar--visible',
        error && 'ui-loading-bar--error',
        className,
      )}
      style={
        {
          '--progress': progress / 100,
          '--bar-h': `${bar.options.height}px`,
        } as CSSProperties
      }
      data-phase={phase}
      aria-hidden="true"
    >
      <span className="ui-loading-bar__fill" />
    </div>
  );
}
