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
