import { CursorPages } from '../../lib/cursor-pages';
import { percent } from '../../lib/format';

/** The games and events lists' cursors behind refine's page numbers (cleared after an act changes a list). */
export const gamePages = new CursorPages();
export const eventPages = new CursorPages();

/** A refine filter's value by field, or undefined. */
export function filterOf(filters: unknown[] | undefined, field: string): unknown {
  const f = filters?.find((x) => typeof x === 'object' && x !== null && 'field' in x && x.field === field) as
    | { value?: unknown }
    | undefined;
  return f?.value === '' || f?.value === null ? undefined : f?.value;
}

/** The error text of a failed call (the server's message, in the console's language). */
export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** RTP x 1,000,000 as a percentage with 4 decimals. */
export const rtpText = (e6: number | null) => (e6 === null ? '—' : percent(e6 / 10_000, 4));
