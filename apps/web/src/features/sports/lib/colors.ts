/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * A crest's colours: the team's own when its letters read on its background (4.5:1, as for any small text), else
 * the letters turn black or white, whichever reads better; a malformed colour falls back to a neutral crest.
 */
export function crestColors(colors: readonly [string, string]): { bg: string; fg: string } {
  const bg = HEX.test(colors[0]) ? colors[0] : '#3a4a5a';
  const fg = HEX.test(colors[1]) ? colors[1] : '#ffffff';
  if (contrast(bg, fg) >= 4.5) return { bg, fg };
  return { bg, fg: contrast(bg, '#000000') >= contrast(bg, '#ffffff') ? '#000000' : '#ffffff' };
}
