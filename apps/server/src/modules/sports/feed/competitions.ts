import fs from 'node:fs';
import path from 'node:path';
import { expectedGoals, fitRatings, type Match, matchesOf, type Ratings } from '../pricing/model';
import type { Bilingual, FeedCompetitor } from './adapter';

/**
 * The simulated feed's competitions: one per season file (openfootball, CC0), each under its country's category,
 * with the real teams fitted by the pricing model from the real results, and the season's own fixture list as the
 * pairings the schedule replays (the matches still to play first, then the played ones again).
 */

export type Competition = {
  /** The feed's tournament id and the season file's key. */
  id: string;
  file: string;
  slug: string;
  name: Bilingual;
  category: { slug: string; name: Bilingual; country: string | null };
  /** Kick-off times (UTC, "HH:MM") of the competition's usual match slots: where its real matchdays play. */
  slots: string[];
  sort: number;
};

const BRASIL = { slug: 'brasil', name: { pt: 'Brasil', en: 'Brazil' }, country: 'BR' };
const INTERNATIONAL = { slug: 'internacional', name: { pt: 'Internacional', en: 'International' }, country: null };
const EUROPE_SLOTS = ['12:30', '15:00', '17:30', '20:00'];
const BRAZIL_SLOTS = ['19:00', '21:30', '23:30'];

export const COMPETITIONS: readonly Competition[] = [
  {
    id: 'br.1',
    file: '2025_br.1.json',
    slug: 'brasileirao-serie-a',
    name: { pt: 'Brasileirão Série A', en: 'Brasileirão Série A' },
    category: BRASIL,
    slots: BRAZIL_SLOTS,
    sort: 1,
  },
  {
    id: 'copa.l',
    file: '2025_copa.l.json',
    slug: 'copa-libertadores',
    name: { pt: 'Copa Libertadores', en: 'Copa Libertadores' },
    category: INTERNATIONAL,
    slots: ['22:00', '00:30'],
    sort: 2,
  },
  {
    id: 'br.2',
    file: '2025_br.2.json',
    slug: 'brasileirao-serie-b',
    name: { pt: 'Brasileirão Série B', en: 'Brasileirão Série B' },
    category: BRASIL,
    slots: ['19:00', '22:00'],
    sort: 3,
  },
  {
    id: 'en.1',
    file: '2025-26_en.1.json',
    slug: 'premier-league',
    name: { pt: 'Premier League', en: 'Premier League' },
    category: { slug: 'inglaterra', name: { pt: 'Inglaterra', en: 'England' }, country: 'GB' },
    slots: EUROPE_SLOTS,
    sort: 4,
  },
  {
    id: 'es.1',
    file: '2025-26_es.1.json',
    slug: 'la-liga',
    name: { pt: 'La Liga', en: 'La Liga' },
    category: { slug: 'espanha', name: { pt: 'Espanha', en: 'Spain' }, country: 'ES' },
    slots: EUROPE_SLOTS,
    sort: 5,
  },
  {
    id: 'it.1',
    file: '2025-26_it.1.json',
    slug: 'serie-a-italia',
    name: { pt: 'Série A Itália', en: 'Serie A' },
    category: { slug: 'italia', name: { pt: 'Itália', en: 'Italy' }, country: 'IT' },
    slots: EUROPE_SLOTS,
    sort: 6,
  },
  {
    id: 'de.1',
    file: '2025-26_de.1.json',
    slug: 'bundesliga',
    name: { pt: 'Bundesliga', en: 'Bundesliga' },
    category: { slug: 'alemanha', name: { pt: 'Alemanha', en: 'Germany' }, country: 'DE' },
    slots: EUROPE_SLOTS,
    sort: 7,
  },
  {
    id: 'fr.1',
    file: '2025-26_fr.1.json',
    slug: 'ligue-1',
    name: { pt: 'Ligue 1', en: 'Ligue 1' },
    category: { slug: 'franca', name: { pt: 'França', en: 'France' }, country: 'FR' },
    slots: EUROPE_SLOTS,
    sort: 8,
  },
  {
    id: 'pt.1',
    file: '2025-26_pt.1.json',
    slug: 'primeira-liga',
    name: { pt: 'Primeira Liga', en: 'Primeira Liga' },
    category: { slug: 'portugal', name: { pt: 'Portugal', en: 'Portugal' }, country: 'PT' },
    slots: EUROPE_SLOTS,
    sort: 9,
  },
];

const SEASONS_DIR = path.resolve(import.meta.dirname, '../seasons');

export type Fitted = {
  competition: Competition;
  ratings: Ratings;
  /** Pairings in the order the schedule replays them. */
  pairings: { home: string; away: string }[];
};

const fitted = new Map<string, Fitted>();

/** The competition's fitted model and pairings; fitted once per process (a few milliseconds per season). */
export function fittedCompetition(c: Competition): Fitted {
  const hit = fitted.get(c.id);
  if (hit) return hit;
  const file = JSON.parse(fs.readFileSync(path.join(SEASONS_DIR, c.file), 'utf8')) as {
    matches: { date: string; team1: string; team2: string; score?: { ft?: number[]; ht?: number[] } }[];
  };
  const played: Match[] = matchesOf(file);
  const asOf = played.reduce((d, m) => (m.date > d ? m.date : d), '0000-00-00');
  const ratings = fitRatings(played, { asOf });
  const isPlayed = (m: (typeof file.matches)[number]) => m.score?.ft?.length === 2;
  const pairings = [...file.matches.filter((m) => !isPlayed(m)), ...file.matches.filter(isPlayed)]
    .filter((m) => m.team1 !== m.team2)
    .map((m) => ({ home: m.team1, away: m.team2 }));
  const f = { competition: c, ratings, pairings };
  fitted.set(c.id, f);
  return f;
}

/** A fixture's pre-match rates from the fitted model. */
export function ratesOf(f: Fitted, home: string, away: string) {
  const xg = expectedGoals(f.ratings, home, away);
  return { home: xg.home, away: xg.away, rho: f.ratings.rho, firstHalfShare: f.ratings.firstHalfShare };
}

/** Série B's file writes the club's state after its name ("Goiás GO"); other files' two letters are the club's. */
const STATE_SUFFIXED = new Set(['br.2']);

/** The name players read: without the file's country tag "(URU)" or, in Série B, the state "GO". */
export function displayName(raw: string, competition = ''): string {
  const name = raw.replace(/\s*\([A-Z]{2,3}\)$/, '');
  return (STATE_SUFFIXED.has(competition) ? name.replace(/\s+[A-Z]{2}$/, '') : name).trim();
}

const NOISE = new Set([
  'FC',
  'SC',
  'CF',
  'AC',
  'EC',
  'CR',
  'SE',
  'AFC',
  'CA',
  'CD',
  'SL',
  'SV',
  'VFB',
  'VFL',
  'TSG',
  'RC',
  'US',
  'SSC',
  'AS',
  'OGC',
  'CLUB',
  'CLUBE',
  'DE',
  'DA',
  'DO',
  'DEL',
  'LA',
  'EL',
  'THE',
  'AND',
  '&',
  '1899',
  '1901',
  '04',
  '05',
]);

/** Three letters for the crest and narrow screens: the name's initials, or its first letters for one word. */
export function abbreviationOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9&]+/)
    .filter((w) => w && !NOISE.has(w) && !/^\d+$/.test(w));
  if (words.length === 0) return name.slice(0, 3).toUpperCase().padEnd(3, 'X');
  if (words.length === 1) return words[0]!.slice(0, 3).padEnd(3, 'X');
  if (words.length === 2) return (words[0]![0]! + words[1]!.slice(0, 2)).padEnd(3, 'X');
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join('');
}

/** FNV-1a: a stable hash of a name, for colours and seeds. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/**
 * The crest's two colours from the name alone (the same team always looks the same): a deep background of the
 * name's hue and a light text of a neighbouring hue, so the monogram reads on both light and dark pages.
 */
export function colorsOf(name: string): [string, string] {
  const h = hashOf(name);
  const hue = h % 360;
  return [hsl(hue, 0.65, 0.32), hsl((hue + 40 + ((h >>> 9) % 60)) % 360, 0.9, 0.9)];
}

export function competitorOf(raw: string, competition = ''): FeedCompetitor {
  const name = displayName(raw, competition);
  return { id: raw, name, abbreviation: abbreviationOf(name), colors: colorsOf(name) };
}
