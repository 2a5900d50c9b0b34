import type { PageQuery } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { Locale } from '../../../shared/lib/locale';

/** GET /api/pages/{slug}: an operator content page (legal texts, /pages/:slug). */
export type ContentPage = { slug: string; locale: Locale; title: string; body: string; updated_at: string };

export function getPage(slug: string, locale: Locale, signal?: AbortSignal): Promise<ContentPage> {
  return http.get<ContentPage>(`/pages/${encodeURIComponent(slug)}`, {
    query: { locale } satisfies z.input<typeof PageQuery>,
    signal,
  });
}

export const pageQueryOptions = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: ['pages', slug, locale],
    queryFn: ({ signal }) => getPage(slug, locale, signal),
    staleTime: 5 * 60_000,
  });

export const usePage = (slug: string, locale: Locale) => useQuery(pageQueryOptions(slug, locale));
