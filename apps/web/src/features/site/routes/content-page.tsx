import type { RouteDef } from '@sorte/contracts';
import { useParams } from 'react-router';
import { useLocale } from '../../../shared/lib/i18n';
import { MarkdownPage } from '../components/markdown-page';

/** /pages/:slug: any page the operator publishes. */
export default function ContentPage({ route }: { route: RouteDef }) {
  const locale = useLocale();
  const { slug = '' } = useParams();
  return <MarkdownPage key={slug} slug={slug} fallbackTitle={route.title[locale]} />;
}
