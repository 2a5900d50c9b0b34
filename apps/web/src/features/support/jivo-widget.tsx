import { useEffect } from 'react';
import { useSession } from '../../shared/lib/session';
import { useSiteConfig } from '../../shared/lib/site-config';
import { mountJivo } from './jivo';

/** Mounted by the app for logged-in players; renders nothing itself (Jivo draws its own button). */
export default function JivoWidget() {
  const widgetId = useSiteConfig().jivoChat;
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  useEffect(() => {
    if (!widgetId || !token || !user) return;
    return mountJivo(widgetId, user, token);
  }, [widgetId, token, user]);
  return null;
}
