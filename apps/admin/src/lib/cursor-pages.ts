import type { BaseRecord, CrudFilter, GetListParams, GetListResponse } from '@refinedev/core';
import { api } from './api';

/**
 * The API pages by keyset (a reply's next_cursor fetches the next page), refine's tables by page number. This keeps,
 * per query (resource + filters + sort + page size), the cursor that opens each page, so page n is reachable once
 * page n-1 has been read, which the Previous/Next pager guarantees.
 */
export class CursorPages {
  private readonly cursors = new Map<string, (string | null)[]>();

  /** The cursor of `page` (1-based): undefined for the first page, null when that page is not known yet. */
  cursorFor(query: string, page: number): string | undefined | null {
    if (page <= 1) return undefined;
    return this.cursors.get(query)?.[page - 1] ?? null;
  }

  /** Records what page `page` answered; returns a total that lets the pager offer Next only when there is more. */
  record(query: string, page: number, rows: number, pageSize: number, nextCursor: string | null): number {
    const list = this.cursors.get(query) ?? [];
    list[page] = nextCursor;
    this.cursors.set(query, list);
    return nextCursor ? page * pageSize + 1 : (page - 1) * pageSize + rows;
  }

  /** Forgets every query's cursors (after a decision changes what the queue holds). */
  clear() {
    this.cursors.clear();
  }
}

/** A refine filter's value by field as the API's query takes it (empty is absent). */
export function filterValue(filters: CrudFilter[] | undefined, field: string): string | undefined {
  for (const f of filters ?? []) {
    if ('field' in f && f.field === field && f.value !== undefined && f.value !== null && f.value !== '')
      return String(f.value);
  }
  return undefined;
}

/** A list over a keyset-paged call: refine's page numbers become the cursors each page answered. */
export function cursorList(pages: CursorPages, path: string, fields: string[]) {
  return async (params: GetListParams): Promise<GetListResponse<BaseRecord>> => {
    const page = params.pagination?.currentPage ?? 1;
    const limit = params.pagination?.pageSize ?? 25;
    const query: Record<string, string | number | undefined> = { limit };
    for (const f of fields) query[f] = filterValue(params.filters, f);
    const key = `${path}?${JSON.stringify(query)}`;
    const cursor = pages.cursorFor(key, page);
    if (cursor === null) return { data: [], total: 0 };
    const r = await api<{ data: BaseRecord[]; next_cursor: string | null }>(path, { query: { ...query, cursor } });
    return { data: r.data, total: pages.record(key, page, r.data.length, limit, r.next_cursor) };
  };
}
