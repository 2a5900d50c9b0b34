/** The players section's calls (the same /api/admin/players API the tests and the ops side use). */
export const PLAYER_PATHS = {
  list: '/api/admin/players',
  one: (id: number) => `/api/admin/players/${id}`,
  tab: (id: number, tab: string) => `/api/admin/players/${id}/${tab}`,
  act: (id: number, act: string) => `/api/admin/players/${id}/${act}`,
} as const;

/** A fresh key per act the staff member confirms: a retry of the same submission (step-up) reuses it. */
export function newIdempotencyKey(): string {
  return `console-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
