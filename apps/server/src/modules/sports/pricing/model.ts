/**
 * Team strengths fitted from real results: the Maher / Dixon-Coles model. Each team has an attack and a defence
 * multiplier and the competition a base scoring rate and a home advantage; the goals of a match are two Poisson
 * variables, home ~ Poisson(base x home x attack(home) x defence(away)) and away ~ Poisson(base x attack(away) x
 * defence(home)), with Dixon and Coles' correction of the four low scores (0-0, 1-0, 0-1, 1-1) that plain Poisson
 * gets wrong. Older matches weigh less (a half-life), and a team with few matches is pulled towards the average.
 */

export type Match = {
  home: string;
  away: string;
  /** "YYYY-MM-DD". */
  date: string;
  ft: readonly [number, number];
  ht?: readonly [number, number];
};

export type TeamStrength = { attack: number; defence: number; matches: number };

export type Ratings = {
  teams: ReadonlyMap<string, TeamStrength>;
  /** Goals per team per match for an average side away from home. */
  base: number;
  /** Multiplier of the home side's scoring rate. */
  home: number;
  /** Dixon-Coles dependence of the low scores (usually slightly negative: fewer 1-1 and more 0-0 than Poisson). */
  rho: number;
  /** Share of a match's goals scored before half-time. */
  firstHalfShare: number;
};

export type FitOptions = {
  /** Matches after this day are not used ("YYYY-MM-DD"); weights are counted back from it. */
  asOf: string;
  /** A match this many days old weighs half as much as one played on `asOf`. */
  halfLifeDays?: number;
  /** Pseudo-goals at the average that every team starts with, so a handful of matches does not make a giant. */
  shrinkGoals?: number;
};

const DAY_MS = 86_400_000;

/** The openfootball season file format (`{name, matches: [{date, team1, team2, score: {ft, ht}}]}`): played matches. */
export function matchesOf(file: {
  matches: { date: string; team1: string; team2: string; score?: { ft?: number[]; ht?: number[] } }[];
}): Match[] {
  const out: Match[] = [];
  for (const m of file.matches) {
    const ft = m.score?.ft;
    if (ft?.length !== 2) continue;
    const ht = m.score?.ht;
    out.push({
      home: m.team1,
      away: m.team2,
      date: m.date,
      ft: [ft[0]!, ft[1]!],
      ...(ht && ht.length === 2 ? { ht: [ht[0]!, ht[1]!] as const } : {}),
    });
  }
  return out;
}

/**
 * Fits attack, defence, base and home advantage by Maher's iteration (each factor in turn set to the weighted goals
 * it explains over the goals it predicts; the Poisson likelihood's fixed point), then rho by a one-dimensional search
 * of the Dixon-Coles likelihood. Deterministic: the same matches give the same ratings.
 */
export function fitRatings(all: readonly Match[], o: FitOptions): Ratings {
  const halfLife = o.halfLifeDays ?? 180;
  const asOf = Date.parse(`${o.asOf}T00:00:00Z`);
  const matches = all.filter((m) => Date.parse(`${m.date}T00:00:00Z`) <= asOf);
  if (matches.length === 0) throw new Error('no played match to fit');
  const weight = matches.map((m) => 0.5 ** ((asOf - Date.parse(`${m.date}T00:00:00Z`)) / DAY_MS / halfLife));

  const names = [...new Set(matches.flatMap((m) => [m.home, m.away]))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const home = matches.map((m) => index.get(m.home)!);
  const away = matches.map((m) => index.get(m.away)!);
  const n = names.length;
  const attack = new Float64Array(n).fill(1);
  const defence = new Float64Array(n).fill(1);

  let totalW = 0;
  let goalsW = 0;
  let homeGoalsW = 0;
  let awayGoalsW = 0;
  for (let k = 0; k < matches.length; k++) {
    totalW += weight[k]!;
    goalsW += weight[k]! * (matches[k]!.ft[0] + matches[k]!.ft[1]);
    homeGoalsW += weight[k]! * matches[k]!.ft[0];
    awayGoalsW += weight[k]! * matches[k]!.ft[1];
  }
  let base = awayGoalsW / totalW || 1;
  let homeAdv = homeGoalsW / Math.max(awayGoalsW, 1e-9) || 1;
  const shrink = (o.shrinkGoals ?? 3) * (goalsW / totalW / 2);

  const scored = new Float64Array(n);
  const conceded = new Float64Array(n);
  const add = (xs: Float64Array, i: number, v: number) => {
    xs[i] = xs[i]! + v;
  };
  for (let k = 0; k < matches.length; k++) {
    const [hg, ag] = matches[k]!.ft;
    const w = weight[k]!;
    add(scored, home[k]!, w * hg);
    add(scored, away[k]!, w * ag);
    add(conceded, home[k]!, w * ag);
    add(conceded, away[k]!, w * hg);
  }

  const expA = new Float64Array(n);
  const expD = new Float64Array(n);
  for (let iter = 0; iter < 200; iter++) {
    // Attack: goals scored over goals an average attack would have scored against these defences.
    expA.fill(0);
    for (let k = 0; k < matches.length; k++) {
      const w = weight[k]!;
      add(expA, home[k]!, w * base * homeAdv * defence[away[k]!]!);
      add(expA, away[k]!, w * base * defence[home[k]!]!);
    }
    let change = 0;
    for (let i = 0; i < n; i++) {
      const next = (scored[i]! + shrink) / (expA[i]! + shrink);
      change = Math.max(change, Math.abs(next - attack[i]!));
      attack[i] = next;
    }
    // Defence: goals conceded over goals an average defence would have conceded to these attacks.
    expD.fill(0);
    for (let k = 0; k < matches.length; k++) {
      const w = weight[k]!;
      add(expD, away[k]!, w * base * homeAdv * attack[home[k]!]!);
      add(expD, home[k]!, w * base * attack[away[k]!]!);
    }
    for (let i = 0; i < n; i++) {
      const next = (conceded[i]! + shrink) / (expD[i]! + shrink);
      change = Math.max(change, Math.abs(next - defence[i]!));
      defence[i] = next;
    }
    // Keep both averages at 1 (geometric mean), moving the scale into base.
    const ga = Math.exp(names.reduce((s, _, i) => s + Math.log(attack[i]!), 0) / n);
    const gd = Math.exp(names.reduce((s, _, i) => s + Math.log(defence[i]!), 0) / n);
    for (let i = 0; i < n; i++) {
      attack[i] = attack[i]! / ga;
      defence[i] = defence[i]! / gd;
    }
    // Base and home advantage from the away and home goals.
    let awayExp = 0;
    let homeExp = 0;
    for (let k = 0; k < matches.length; k++) {
      const w = weight[k]!;
      awayExp += w * attack[away[k]!]! * defence[home[k]!]!;
      homeExp += w * attack[home[k]!]! * defence[away[k]!]!;
    }
    const nextBase = awayGoalsW / awayExp;
    const nextHome = homeGoalsW / (nextBase * homeExp);
    change = Math.max(change, Math.abs(nextBase - base), Math.abs(nextHome - homeAdv));
    base = nextBase;
    homeAdv = nextHome;
    if (change < 1e-9) break;
  }

  const teams = new Map<string, TeamStrength>();
  const played = new Map<string, number>();
  for (const m of matches) {
    played.set(m.home, (played.get(m.home) ?? 0) + 1);
    played.set(m.away, (played.get(m.away) ?? 0) + 1);
  }
  names.forEach((name, i) => {
    teams.set(name, { attack: attack[i]!, defence: defence[i]!, matches: played.get(name) ?? 0 });
  });

  const lambdas = matches.map((_, k) => ({
    h: base * homeAdv * attack[home[k]!]! * defence[away[k]!]!,
    a: base * attack[away[k]!]! * defence[home[k]!]!,
  }));
  const rho = fitRho(matches, weight, lambdas);

  let htGoals = 0;
  let ftGoals = 0;
  for (const m of matches) {
    if (!m.ht) continue;
    htGoals += m.ht[0] + m.ht[1];
    ftGoals += m.ft[0] + m.ft[1];
  }
  // Across football about 45% of goals come before the break; with too few half-time scores keep that.
  const firstHalfShare = ftGoals >= 100 ? htGoals / ftGoals : 0.45;

  return { teams, base, home: homeAdv, rho, firstHalfShare };
}

/** Dixon and Coles' factor on the probability of a low score (1 for every other score). */
export function tau(h: number, a: number, lh: number, la: number, rho: number): number {
  if (h === 0 && a === 0) return 1 - lh * la * rho;
  if (h === 0 && a === 1) return 1 + lh * rho;
  if (h === 1 && a === 0) return 1 + la * rho;
  if (h === 1 && a === 1) return 1 - rho;
  return 1;
}

/** The rho that makes the observed low scores most likely, by golden-section search where every tau stays > 0. */
function fitRho(matches: readonly Match[], weight: readonly number[], lambdas: readonly { h: number; a: number }[]) {
  let hi = 0.3;
  let lo = -0.3;
  for (const l of lambdas) {
    // tau(0,0) > 0 and tau(0,1), tau(1,0) > 0 bound rho on both sides.
    hi = Math.min(hi, 1 / (l.h * l.a) - 1e-6);
    lo = Math.max(lo, -1 / Math.max(l.h, l.a) + 1e-6);
  }
  const ll = (rho: number) => {
    let s = 0;
    for (let k = 0; k < matches.length; k++) {
      const [h, a] = matches[k]!.ft;
      if (h > 1 || a > 1) continue;
      s += weight[k]! * Math.log(tau(h, a, lambdas[k]!.h, lambdas[k]!.a, rho));
    }
    return s;
  };
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 80; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (ll(c) > ll(d)) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

/** Expected goals of a fixture; a team the ratings do not know plays at the average. */
export function expectedGoals(r: Ratings, home: string, away: string, neutral = false): { home: number; away: number } {
  const h = r.teams.get(home) ?? { attack: 1, defence: 1, matches: 0 };
  const a = r.teams.get(away) ?? { attack: 1, defence: 1, matches: 0 };
  return {
    home: r.base * (neutral ? 1 : r.home) * h.attack * a.defence,
    away: r.base * a.attack * h.defence,
  };
}
