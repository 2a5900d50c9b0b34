import { useSearchParams } from 'react-router';
import { ErrorPage } from './error-page';

/** /error: the error page itself; ?code=500 shows that status (no code: the default 404 look, code N/A). */
export default function ErrorRoutePage() {
  const [params] = useSearchParams();
  const code = Number(params.get('code'));
  return <ErrorPage statusCode={Number.isInteger(code) && code >= 100 && code <= 599 ? code : undefined} />;
}
