import type { ReactNode } from 'react';
import { cx } from './cx';
import './skeleton.css';
import './flex-table.css';

export type FlexColumn<Row> = {
  key: string;
  header: ReactNode;
  /** Label shown beside the value in the phone (card) layout; defaults to header when it is a string. */
  label?: string;
  render?: (row: Row) => ReactNode;
  align?: 'start' | 'center' | 'end';
  /** CSS width on wide screens, e.g. "120px" or "20%". */
  width?: string;
  /** In the card layout this cell becomes the card title (full width, no label). */
  primary?: boolean;
  /** In the card layout this cell sits at the bottom, full width (actions). */
  footer?: boolean;
};

export type FlexTableProps<Row> = {
  columns: FlexColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
  empty?: ReactNode;
  /** Shows skeleton rows. */
  loading?: boolean;
  onRowClick?: (row: Row) => void;
  className?: string;
};

/** A table on wide screens that turns into a list of cards under 640 px. */
export function FlexTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  loading,
  onRowClick,
  className,
}: FlexTableProps<Row>) {
  const label = (c: FlexColumn<Row>) => c.label ?? (typeof c.header === 'string' ? c.header : undefined);
  const value = (c: FlexColumn<Row>, row: Row): ReactNode =>
    c.render ? c.render(row) : ((row as Record<string, unknown>)[c.key] as ReactNode);

  return (
    <div className={cx('ui-flex-table', className)}>
      <table className="ui-flex-table__table" aria-busy={loading || undefined}>
        {caption && <caption className="ui-flex-table__caption">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ width: c.width, textAlign: c.align }}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading &&
            [0, 1, 2].map((i) => (
              <tr key={`skeleton-${i}`} className="ui-flex-table__row ui-flex-table__row--loading">
                {columns.map((c) => (
                  <td key={c.key} className={cx(c.primary && 'ui-flex-table__cell--primary')}>
                    <span className="ui-skeleton ui-skeleton--text" style={{ width: c.primary ? '60%' : '80%' }} />
                  </td>
                ))}
              </tr>
            ))}
          {!loading && rows.length === 0 && (
            <tr className="ui-flex-table__empty-row">
              <td colSpan={columns.length} className="ui-flex-table__empty">
                {empty}
              </td>
            </tr>
          )}
          {!loading &&
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={cx('ui-flex-table__row', onRowClick && 'ui-flex-table__row--clickable')}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {columns.map((c) => (
                  <td
                    key={c.key}
                    data-label={c.primary || c.footer ? undefined : label(c)}
                    className={cx(
                      c.primary && 'ui-flex-table__cell--primary',
                      c.footer && 'ui-flex-table__cell--footer',
                      c.align && `ui-flex-table__cell--${c.align}`,
                    )}
                  >
                    {value(c, row)}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
