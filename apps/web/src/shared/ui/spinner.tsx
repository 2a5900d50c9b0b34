import { cx } from './cx';
import './spinner.css';

export type SpinnerProps = {
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Accessible label; omit when the spinner sits inside an element that already announces busy state. */
  label?: string;
  className?: string;
};

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const classes = cx('ui-spinner', `ui-spinner--${size}`, className);
  if (label) return <span className={classes} role="status" aria-label={label} />;
  return <span className={classes} aria-hidden="true" />;
}
