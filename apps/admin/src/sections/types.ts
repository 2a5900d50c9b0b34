import type { BaseRecord, GetListParams, GetListResponse, ResourceProps } from '@refinedev/core';
import type { AdminSubject } from '@sorte/contracts';
import type { ReactNode } from 'react';

/** A message tree of one language: nested keys down to strings, read as "a.b.c" by translate(). */
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * One part of the console (dashboard, players, payments ...): its sider entries, its routes, the permission subject
 * each of its resources shows (null: every staff member's own), its strings in both languages under its own top-level
 * keys, and the list loaders refine's data provider calls for its tables (server-side paging, sort and filters).
 */
export type ConsoleSection = {
  resources: ResourceProps[];
  /** <Route> elements inside the signed-in layout. */
  routes: ReactNode;
  subjects: Record<string, AdminSubject | null>;
  messages: { 'pt-BR': MessageTree; en: MessageTree };
  lists?: Record<string, (params: GetListParams) => Promise<GetListResponse<BaseRecord>>>;
  /** The route the home page sends a role to when it may read this section's first resource. */
  home?: { resource: string; path: string };
};
