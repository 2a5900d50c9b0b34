import { create } from 'zustand';
import { setSiteConfig } from '../shared/lib/site-config';
import type { BootResult } from './boot';
import { applyTheme } from './theme';

export type ShellState = { state: 'loading' } | BootResult;

/** What the whole page shows: the preloader states, the start-up error page, or the app. */
export const useShellState = create<{ shell: ShellState }>(() => ({ shell: { state: 'loading' } }));

export function applyBoot(result: BootResult): void {
  if (result.state === 'ready') {
    setSiteConfig(result.config);
    applyTheme(result.config.colors);
  }
  useShellState.setState({ shell: result });
}
