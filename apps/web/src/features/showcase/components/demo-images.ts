/** Generated SVG artwork for the LazyImage demo (no network and no emoji font needed). */
const SHAPES = [
  '<circle cx="160" cy="120" r="46"/>',
  '<path d="M160 62l52 58-52 58-52-58z"/>',
  '<path d="M160 66l15 38 41 3-31 26 10 40-35-22-35 22 10-40-31-26 41-3z"/>',
  '<path d="M160 70l56 96H104z"/>',
  '<rect x="116" y="76" width="88" height="88" rx="18"/>',
  '<path d="M160 170s-52-32-52-66a27 27 0 0152-10 27 27 0 0152 10c0 34-52 66-52 66z"/>',
];
const PALETTES: Array<[string, string]> = [
  ['#16a34a', '#052e16'],
  ['#7c3aed', '#1e1b4b'],
  ['#f59e0b', '#451a03'],
  ['#0ea5e9', '#082f49'],
  ['#ef4444', '#450a0a'],
  ['#db2777', '#500724'],
];

export function demoImage(index: number): string {
  const [a, b] = PALETTES[index % PALETTES.length]!;
  const shape = SHAPES[index % SHAPES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient><radialGradient id="r" cx="0.8" cy="0.1" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="320" height="240" fill="url(#g)"/><rect width="320" height="240" fill="url(#r)"/><g fill="#fff" fill-opacity="0.9">${shape}</g></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
