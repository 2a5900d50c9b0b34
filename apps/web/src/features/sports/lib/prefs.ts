import { create } from 'zustand';
import { storage } from '../../../shared/lib/storage';
import { ODDS_FORMATS, type OddsFormat } from './odds';
import type { AcceptOdds } from './slip';

/** The player's sportsbook preferences (/sportschange), kept on this device. */
export type SportsPrefs = { oddsFormat: OddsFormat; defaultStake: number; acceptOdds: AcceptOdds };

const KEY = 'sports-prefs';
export const DEFAULT_PREFS: SportsPrefs = { oddsFormat: 'decimal', defaultStake: 1_000, acceptOdds: 'none' };

export function parsePrefs(raw: string | null): SportsPrefs {
  try {
    const v = raw ? (JSON.parse(raw) as Partial<SportsPrefs>) : {};
    return {
      oddsFormat: ODDS_FORMATS.includes(v.oddsFormat as OddsFormat)
        ? (v.oddsFormat as OddsFormat)
        : DEFAULT_PREFS.oddsFormat,
      defaultStake:
        typeof v.defaultStake === 'number' && Number.isSafeInteger(v.defaultStake) && v.defaultStake >= 0
          ? v.defaultStake
          : DEFAULT_PREFS.defaultStake,
      acceptOdds: v.acceptOdds === 'higher' || v.acceptOdds === 'any' ? v.acceptOdds : 'none',
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export const usePrefs = create<SportsPrefs>(() => parsePrefs(storage.get(KEY)));

export function setPrefs(patch: Partial<SportsPrefs>): void {
  usePrefs.setState(patch);
  storage.set(KEY, JSON.stringify(usePrefs.getState()));
}
