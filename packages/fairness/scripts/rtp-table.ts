// Prints the README's Plinko and Keno tables (exact RTP and hit frequency of every paytable). Run:
//   node --import tsx packages/fairness/scripts/rtp-table.ts
import { KENO_RISKS, kenoExactRtp, kenoHitFrequency } from '../src/games/keno.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoExactRtp, plinkoHitFrequency, plinkoTable } from '../src/games/plinko.ts';
import { mul, type Rational, rational, toFixedFloor } from '../src/rational.ts';

// Truncated, like the paytables' declared figures: never overstates the return.
const toPercent = (q: Rational, digits: number) => toFixedFloor(mul(q, rational(100n)), digits);

console.log('| Rows | Low RTP | Low P(>=1x) | Medium RTP | Medium P(>=1x) | High RTP | High P(>=1x) | Top (L/M/H) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const rows of PLINKO_ROWS) {
  const cells = PLINKO_RISKS.flatMap((risk) => [
    `${toPercent(plinkoExactRtp({ rows, risk }), 4)}%`,
    `${toPercent(plinkoHitFrequency({ rows, risk }), 2)}%`,
  ]);
  const tops = PLINKO_RISKS.map((risk) => `${plinkoTable({ rows, risk }).table[0]}x`).join(' / ');
  console.log(`| ${rows} | ${cells.join(' | ')} | ${tops} |`);
}
console.log();
console.log('| Picks | Classic RTP / hit | Low RTP / hit | Medium RTP / hit | High RTP / hit |');
console.log('| --- | --- | --- | --- | --- |');
for (let p = 1; p <= 10; p++) {
  const cells = KENO_RISKS.map(
    (risk) => `${toPercent(kenoExactRtp(risk, p), 4)}% / ${toPercent(kenoHitFrequency(risk, p), 2)}%`,
  );
  console.log(`| ${p} | ${cells.join(' | ')} |`);
}
