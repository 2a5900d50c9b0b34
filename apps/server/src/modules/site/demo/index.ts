import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export { DEMO_TENANT_NAME, demoTenantSettings } from './settings';

export type DemoPage = { slug: string; locale: 'pt' | 'en'; title: string; body: string };

const PAGES_DIR = join(import.meta.dirname, 'pages');
const FILE = /^([a-z0-9-]+)\.(pt|en)\.md$/;

/** Splits a page file into its title (the first `# ` line) and the Markdown body that follows it. */
export function parseDemoPage(text: string): { title: string; body: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((l) => l.startsWith('# '));
  if (at < 0) throw new Error('demo page without a "# " title line');
  const title = lines[at]!.slice(2).trim();
  const body = lines
    .slice(at + 1)
    .join('\n')
    .trim();
  return { title, body: body + '\n' };
}

/** The demo tenant's legal and information pages (pages/<slug>.<locale>.md), sorted by slug then locale. */
export function loadDemoPages(dir: string = PAGES_DIR): DemoPage[] {
  const pages: DemoPage[] = [];
  for (const name of readdirSync(dir).sort()) {
    const m = FILE.exec(name);
    if (!m) continue;
    const { title, body } = parseDemoPage(readFileSync(join(dir, name), 'utf8'));
    pages.push({ slug: m[1]!, locale: m[2] as 'pt' | 'en', title, body });
  }
  return pages;
}
