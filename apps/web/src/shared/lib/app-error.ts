import { create } from 'zustand';

/** The error object of spec section 3: what the error page shows. */
export type AppError = { statusCode?: number; url?: string };

type AppErrorState = { error: AppError | null; show: (error: AppError) => void; clear: () => void };

/** Set when an error should replace the current page (failed content load, start-up error ...). */
export const useAppError = create<AppErrorState>((set) => ({
  error: null,
  show: (error) => set({ error }),
  clear: () => set({ error: null }),
}));

export const showAppError = (error: AppError) => useAppError.getState().show(error);

/** Records an error for operators; bots and players both pass through here. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error('[sorte]', error, context ?? '');
  const w = globalThis as { dataLayer?: unknown[] };
  w.dataLayer?.push({ event: 'app_error', error_message: error instanceof Error ? error.message : String(error) });
}
