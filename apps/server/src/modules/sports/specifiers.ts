import type { MarketKindName } from '@sorte/contracts';
import type { MarketSpec } from './pricing/markets';

/**
 * A market's identity in storage is (kind, specifiers): '' for markets without a line, 'total=2.5' for totals and
 * 'hcp=-0.25' for the home side's Asian handicap. Pricing and settlement read the same spec back from it.
 */
export function specifiersOf(spec: MarketSpec): string {
  if (spec.kind === 'total') return `total=${spec.line}`;
  if (spec.kind === 'asian_handicap') return `hcp=${spec.line}`;
  return '';
}

export function specOf(kind: MarketKindName, specifiers: string): MarketSpec {
  if (kind === 'total' || kind === 'asian_handicap') {
    const m = /^(?:total|hcp)=(-?\d+(?:\.\d+)?)$/.exec(specifiers);
    if (!m) throw new Error(`market ${kind} needs a line, got '${specifiers}'`);
    return { kind, line: Number(m[1]) };
  }
  return { kind };
}

type Names = { home: string; away: string };
type Locale = 'pt' | 'en';

const fmtLine = (x: number) => (x > 0 ? `+${x}` : `${x}`);

/** A market's name as the player reads it. */
export function marketName(spec: MarketSpec, locale: Locale): string {
  const pt = locale === 'pt';
  switch (spec.kind) {
    case '1x2':
      return pt ? 'Resultado final' : 'Match result';
    case 'double_chance':
      return pt ? 'Dupla chance' : 'Double chance';
    case 'draw_no_bet':
      return pt ? 'Empate anula aposta' : 'Draw no bet';
    case 'total':
      return pt ? `Total de gols ${spec.line}` : `Total goals ${spec.line}`;
    case 'btts':
      return pt ? 'Ambas as equipes marcam' : 'Both teams to score';
    case 'asian_handicap':
      return pt ? `Handicap asiático ${fmtLine(spec.line!)}` : `Asian handicap ${fmtLine(spec.line!)}`;
    case 'correct_score':
      return pt ? 'Placar exato' : 'Correct score';
    case 'ht_1x2':
      return pt ? 'Resultado do 1º tempo' : 'First half result';
  }
}

/** An outcome's name, with the teams' names where the outcome is a team. */
export function outcomeName(spec: MarketSpec, code: string, teams: Names, locale: Locale): string {
  const pt = locale === 'pt';
  const draw = pt ? 'Empate' : 'Draw';
  switch (spec.kind) {
    case '1x2':
    case 'ht_1x2':
    case 'draw_no_bet':
      return code === '1' ? teams.home : code === '2' ? teams.away : draw;
    case 'asian_handicap':
      return code === '1' ? `${teams.home} (${fmtLine(spec.line!)})` : `${teams.away} (${fmtLine(-spec.line!)})`;
    case 'double_chance': {
      const or = pt ? 'ou' : 'or';
      if (code === '1X') return `${teams.home} ${or} ${draw.toLowerCase()}`;
      if (code === 'X2') return `${draw} ${or} ${teams.away}`;
      return `${teams.home} ${or} ${teams.away}`;
    }
    case 'total':
      return code === 'over' ? `${pt ? 'Mais de' : 'Over'} ${spec.line}` : `${pt ? 'Menos de' : 'Under'} ${spec.line}`;
    case 'btts':
      return code === 'yes' ? (pt ? 'Sim' : 'Yes') : pt ? 'Não' : 'No';
    case 'correct_score':
      return code === 'other' ? (pt ? 'Outro placar' : 'Any other score') : code.replace(':', ' - ');
  }
}
