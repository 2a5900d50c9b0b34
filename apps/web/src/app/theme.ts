import type { Colors } from '@sorte/contracts';

/** The tenant colours as CSS variables, the same rules the server inlines (docs/web-server-contract.md). */
export function themeCss(c: Colors): string {
  const palette = (p: Colors['dark']) =>
    `--c-bg:${p.background};--c-surface:${p.surface};--c-surface-alt:${p.surface_alt};--c-text:${p.text};` +
    `--c-text-muted:${p.text_muted};--c-border:${p.border};`;
  return (
    `:root{--c-primary:${c.primary};--c-primary-text:${c.primary_text};--c-secondary:${c.secondary};` +
    `--c-secondary-text:${c.secondary_text};--c-success:${c.success};--c-warning:${c.warning};` +
    `--c-danger:${c.danger};--c-info:${c.info};${palette(c.dark)}}` +
    `html[data-theme="light"]{${palette(c.light)}}html[data-theme="dark"]{${palette(c.dark)}}`
  );
}

/**
 * Writes the tenant theme into <style id="tenant-theme">: needed under the Vite dev server (no inlined theme) and
 * when a config refetch brings new colours to an open page.
 */
export function applyTheme(colors: Colors | undefined): void {
  if (!colors || typeof document === 'undefined') return;
  const css = themeCss(colors);
  let style = document.getElementById('tenant-theme');
  if (style?.textContent === css) return;
  if (!style) {
    style = document.createElement('style');
    style.id = 'tenant-theme';
    document.head.appendChild(style);
  }
  style.textContent = css;
}
