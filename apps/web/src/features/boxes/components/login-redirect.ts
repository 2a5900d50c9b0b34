import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';

/** Opens the login modal (its route) and comes back to this page once the player is in, as the casino pages do. */
export function useLoginRedirect() {
  const navigate = useNavigate();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  return () => navigate(`${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathname + search)}`);
}
