/**
 * The tenant's Jivo support chat (spec sections 2 and 6): it loads only for a logged-in player of a tenant with a
 * `jivoChat` widget id, and is told who the player is (e-mail, name, first and last name, username as the phone,
 * and the session token so the operator's Jivo integration can look the player up). Jivo's documented client API:
 * the widget script `https://code.jivosite.com/widget/{id}`, `window.jivo_onLoadCallback`,
 * `jivo_api.setContactInfo({name, email, phone, description})`, `jivo_api.setUserToken(token)` and `jivo_destroy()`.
 */
export type JivoUser = { email: string; name: string; first_name: string; last_name: string; username: string };

export type JivoApi = {
  setContactInfo: (c: { name?: string; email?: string; phone?: string; description?: string }) => void;
  setUserToken: (token: string) => void;
  open: () => void;
};
type JivoWindow = Window & {
  jivo_api?: JivoApi;
  jivo_onLoadCallback?: () => void;
  jivo_destroy?: () => void;
};

const SCRIPT_ID = 'jivo-widget';

/** The contact card Jivo shows the support agent. */
export function jivoContact(user: JivoUser) {
  return {
    name: user.name || `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    phone: user.username,
    description: `${user.first_name} ${user.last_name}`.trim(),
  };
}

/** Loads the widget (once) and identifies the player; returns a function that removes it again (logout). */
export function mountJivo(widgetId: string, user: JivoUser, token: string, w: JivoWindow = window): () => void {
  const identify = () => {
    w.jivo_api?.setContactInfo(jivoContact(user));
    w.jivo_api?.setUserToken(token);
  };
  if (w.jivo_api) identify();
  else w.jivo_onLoadCallback = identify;
  if (!w.document.getElementById(SCRIPT_ID)) {
    const s = w.document.createElement('script');
    s.id = SCRIPT_ID;
    s.async = true;
    s.src = `https://code.jivosite.com/widget/${encodeURIComponent(widgetId)}`;
    w.document.body.appendChild(s);
  }
  return () => {
    w.jivo_onLoadCallback = undefined;
    w.jivo_destroy?.();
    w.document.getElementById(SCRIPT_ID)?.remove();
  };
}
