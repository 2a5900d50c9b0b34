// How the slot's strips (src/games/slot.ts) were found; slot.test.ts proves the frozen strips' figures exactly.
// A random search over symbol counts and orders (nonce 54 of the search gave RTP 95.95%, hit 31.7%) and one
// symbol change brought the base strips near 96.5%; then each reel got a stack of three onças (the 600x full
// grid), onça pays were set to 60, and this hill climb changes one symbol at a time (never a wild or the stack)
// towards 96.5% with the hit frequency kept within 25..36%. Deterministic; run:
//   node --import tsx packages/fairness/scripts/design-slot.ts
import { SLOT, slotExactStats } from '../src/games/slot.ts';
import { toNumber } from '../src/rational.ts';

const names = ['W', 'O', 'M', 'A', 'T', 'C', 'I'];
const parse = (s: string) => s.split(',').map((x) => names.indexOf(x.trim()));
let strips = [
  parse('T, T, I, I, C, I, C, M, A, C, I, C, M, M, W, A, I, C, M, T, O, T, I, O, A, A, I, T, W, T'),
  parse('I, T, T, C, M, C, T, I, M, O, C, W, T, A, C, I, C, T, I, I, O, A, O, M, C, M, T, A, A, T'),
  parse('W, T, I, O, I, M, C, C, M, T, T, I, A, M, A, A, T, C, I, I, O, O, W, T, A, C, T, I, C, I'),
];
const pays = [200, 60, 25, 10, 8, 5, 3];
// Replace every onça by a low symbol, then put one stack of three onças where no wild is.
const stackAt = [4, 16, 26];
strips.forEach((st, r) => {
  for (let i = 0; i < 30; i++) if (st[i] === 1) st[i] = 6;
  for (let k = 0; k < 3; k++) st[stackAt[r]! + k] = 1;
});
const fixed = (r: number, i: number) => strips[r]![i] === 0 || (i >= stackAt[r]! && i < stackAt[r]! + 3);
const evalS = (st: number[][]) => {
  const s = slotExactStats({ ...SLOT, pays, strips: st });
  return { rtp: toNumber(s.rtp), hit: toNumber(s.hitFrequency), max: s.maxWin, feat: toNumber(s.featureFrequency) };
};
let cur = evalS(strips);
console.log(
  cur,
  strips.map((s) => s.map((x) => names[x]).join('')),
);
for (let iter = 0; iter < 5 && Math.abs(cur.rtp - 0.965) > 0.0003; iter++) {
  let best: { d: number; st: number[][]; r: ReturnType<typeof evalS> } | undefined;
  for (let reel = 0; reel < 3; reel++)
    for (let i = 0; i < 30; i++)
      for (const sym of [2, 3, 4, 5, 6]) {
        if (strips[reel]![i] === sym || fixed(reel, i)) continue;
        const st = strips.map((s) => [...s]);
        st[reel]![i] = sym;
        const r = evalS(st);
        if (r.hit < 0.25 || r.hit > 0.36) continue;
        const d = Math.abs(r.rtp - 0.965);
        if (!best || d < best.d) best = { d, st, r };
      }
  if (!best) {
    console.log('stuck');
    break;
  }
  strips = best.st;
  cur = best.r;
  console.log(iter, cur);
}
for (const s of strips) console.log(`    [${s.map((x) => names[x]).join(', ')}],`);
