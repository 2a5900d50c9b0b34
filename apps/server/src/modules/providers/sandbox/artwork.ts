import fs from 'node:fs';
import path from 'node:path';
import type { SandboxGame } from './games';
import { sandboxGames } from './games';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Deterministic pseudo-random numbers from the game code, so each card's decoration is stable. */
function seeded(code: string) {
  let h = 2166136261;
  for (const c of code) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function emblem(g: SandboxGame, accent: string): string {
  if (g.kind === 'roulette') {
    const pockets = Array.from({ length: 37 }, (_, i) => {
      const a0 = (i / 37) * Math.PI * 2;
      const a1 = ((i + 1) / 37) * Math.PI * 2;
      const p = (r: number, a: number) => `${150 + r * Math.sin(a)},${170 - r * Math.cos(a)}`;
      const fill = i === 0 ? '#059669' : i % 2 ? '#b91c1c' : '#111827';
      return `<path d="M${p(62, a0)} L${p(96, a0)} A96 96 0 0 1 ${p(96, a1)} L${p(62, a1)} A62 62 0 0 0 ${p(62, a0)}Z" fill="${fill}"/>`;
    }).join('');
    return `<circle cx="150" cy="170" r="104" fill="${accent}"/>${pockets}<circle cx="150" cy="170" r="62" fill="#3f2a14"/><circle cx="150" cy="170" r="22" fill="${accent}"/><circle cx="150" cy="96" r="8" fill="#f8fafc"/>`;
  }
  if (g.kind === 'dice') {
    const die = (x: number, y: number, rot: number, dots: [number, number][]) =>
      `<g transform="rotate(${rot} ${x + 45} ${y + 45})"><rect x="${x}" y="${y}" width="90" height="90" rx="18" fill="#f8fafc"/>${dots
        .map(([dx, dy]) => `<circle cx="${x + dx}" cy="${y + dy}" r="9" fill="#111827"/>`)
        .join('')}</g>`;
    return (
      die(62, 118, -12, [
        [24, 24],
        [66, 66],
        [45, 45],
      ]) +
      die(150, 132, 10, [
        [24, 24],
        [66, 24],
        [24, 66],
        [66, 66],
      ]) +
      `<text x="150" y="280" text-anchor="middle" font-size="54" font-weight="900" fill="${accent}" font-family="Arial Black,Arial,sans-serif">7</text>`
    );
  }
  const t = g.theme!;
  const top = t.symbols[t.symbols.length - 1]!;
  const cells = [0, 1, 2]
    .map((i) => {
      const s = t.symbols[(t.symbols.length - 1 - i + t.symbols.length) % t.symbols.length]!;
      const sym = i === 1 ? top : s;
      const x = 58 + i * 64;
      const size = sym.glyph.length > 1 ? 22 : 40;
      return `<rect x="${x}" y="132" width="56" height="72" rx="10" fill="#0f172a" stroke="${accent}" stroke-width="2"/><text x="${x + 28}" y="${168 + size / 3}" text-anchor="middle" font-size="${size}" font-weight="800" fill="${sym.color}" font-family="Arial,sans-serif">${esc(sym.glyph)}</text>`;
    })
    .join('');
  return `<circle cx="150" cy="168" r="96" fill="${accent}" opacity=".16"/><text x="150" y="128" text-anchor="middle" font-size="64" font-weight="900" fill="${top.color}" font-family="Arial,sans-serif" opacity=".95">${esc(top.glyph)}</text>${cells}`;
}

/** A 300x400 cover for a stand-in game: themed gradient, emblem, sparkles and the title. */
export function gameArtwork(g: SandboxGame): string {
  const [bg, mid, accent] = g.palette;
  const rnd = seeded(g.code);
  const sparkles = Array.from({ length: 18 }, () => {
    const x = Math.round(rnd() * 300);
    const y = Math.round(rnd() * 300);
    const r = (rnd() * 2.2 + 0.6).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(rnd() * 0.5 + 0.2).toFixed(2)}"/>`;
  }).join('');
  const words = g.title.split(' ');
  const half = Math.ceil(words.length / 2);
  const lines = g.title.length > 14 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [g.title];
  const title = lines
    .map(
      (l, i) =>
        `<text x="150" y="${lines.length === 1 ? 338 : 318 + i * 36}" text-anchor="middle" font-size="30" font-weight="900" fill="#fff" stroke="${bg}" stroke-width="5" paint-order="stroke" font-family="Arial Black,Arial,sans-serif" letter-spacing=".5">${esc(l.toUpperCase())}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${esc(g.title)}">
<defs><radialGradient id="bg" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${bg}"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="${bg}" stop-opacity="0"/><stop offset="1" stop-color="${bg}" stop-opacity=".95"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#bg)"/>${sparkles}
<g>${emblem(g, accent)}</g>
<rect width="300" height="400" fill="url(#shade)"/>
<rect x="6" y="6" width="288" height="388" rx="14" fill="none" stroke="${accent}" stroke-opacity=".55" stroke-width="3"/>
${title}
</svg>
`;
}

/** Writes every stand-in game's cover to apps/server/public/games (run by hand; the files are committed). */
export function writeArtwork(dir = path.resolve(import.meta.dirname, '../../../../public/games')): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return sandboxGames().map((g) => {
    const file = path.join(dir, `${g.code}.svg`);
    fs.writeFileSync(file, gameArtwork(g));
    return file;
  });
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  for (const f of writeArtwork()) console.log(f);
}
