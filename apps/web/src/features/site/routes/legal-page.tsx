import type { RouteDef } from '@sorte/contracts';
import { useLocale } from '../../../shared/lib/i18n';
import { MarkdownPage } from '../components/markdown-page';

/** /terms, /privacy, /aml-policy ...: the page slug is the route path ("/terms" -> "terms"). */
export default function LegalPage({ route }: { route: RouteDef }) {
  const locale = useLocale();
  const slug = route.path.replace(/^\//, '');
  return <MarkdownPage key={slug} slug={slug} fallbackTitle={route.title[locale]} />;
}
