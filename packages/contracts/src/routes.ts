/**
 * The site's route table (spec section 2), shared by the web router and the server. The server answers 404 for a
 * path that matches none of these, so crawlers and monitors see the same truth the player sees. Every route exists
 * twice: Portuguese at the plain path, English under /en.
 */
export type Locale = 'pt' | 'en';

export type RouteDef = {
  /** Stable name; the web maps it to a page component. */
  name: string;
  path: string;
  title: Record<Locale, string>;
  auth?: boolean;
  layout?: 'default' | 'empty';
  /** Forces a colour mode on this route; otherwise the player's preference applies. */
  colorMode?: 'light' | 'dark';
};

const t = (pt: string, en: string = pt): Record<Locale, string> => ({ pt, en });

export const ROUTES: RouteDef[] = [
  { name: 'home', path: '/', title: t('Início', 'Home') },
  { name: 'login', path: '/login', title: t('Entrar', 'Log in') },
  { name: 'register', path: '/register', title: t('Cadastro', 'Sign up') },
  { name: 'recover-pass', path: '/recover-pass', title: t('Recuperar senha', 'Recover password') },
  { name: 'terms', path: '/terms', title: t('Termos e Condições', 'Terms and Conditions') },
  { name: 'privacy', path: '/privacy', title: t('Política de Privacidade', 'Privacy Policy') },
  { name: 'aml-policy', path: '/aml-policy', title: t('Política AML', 'AML Policy') },
  { name: 'betting-terms', path: '/betting-terms', title: t('Regulamento', 'Betting Rules') },
  { name: 'responsible-gaming', path: '/responsible-gaming', title: t('Jogo responsável', 'Responsible gaming') },
  {
    name: 'regulatory-compliance',
    path: '/em-conformidade-com-a-regulamentacao',
    title: t('Em conformidade com a regulamentação', 'Regulatory compliance'),
  },
  { name: 'sports', path: '/sports', title: t('Esportes', 'Sports') },
  { name: 'sportschange', path: '/sportschange', title: t('Esportes', 'Sports') },
  { name: 'sportsbook', path: '/sportsbook/*', title: t('Esportes', 'Sports') },
  { name: 'widgetbetby', path: '/widgetbetby', title: t('Apostas', 'Betting'), layout: 'empty' },
  { name: 'promotion', path: '/promotion', title: t('Promoções', 'Promotions') },
  { name: 'promo-codes', path: '/promo-codes', title: t('Códigos promocionais', 'Promo codes') },
  { name: 'ranking', path: '/ranking', title: t('Ranking') },
  { name: 'bonus', path: '/bonus', title: t('Bônus', 'Bonus') },
  { name: 'error', path: '/error', title: t('Erro', 'Error') },
  { name: 'offline', path: '/Offiline', title: t('Sem conexão', 'Offline'), layout: 'empty' },
  { name: 'animation', path: '/animation', title: t('Animações', 'Animations') },
  { name: 'new-components', path: '/NewComponents', title: t('Componentes', 'Components') },
  { name: 'install', path: '/install', title: t('Instalar aplicativo', 'Install the app') },
  { name: 'install-two', path: '/install-two', title: t('Instalar aplicativo', 'Install the app') },
  { name: 'ios', path: '/ios', title: t('Instalar no iPhone', 'Install on iPhone') },
  { name: 'page', path: '/pages/:slug', title: t('Página', 'Page') },

  // Bare /casino is the lobby, like /casino/games.
  { name: 'casino', path: '/casino', title: t('Cassino', 'Casino') },
  { name: 'casino-play', path: '/casino/play', title: t('Jogar', 'Play') },
  { name: 'casino-crates', path: '/casino/crates', title: t('Caixas', 'Boxes') },
  { name: 'casino-recent', path: '/casino/recent', title: t('Recentes', 'Recent') },
  { name: 'casino-favorites', path: '/casino/favorites', title: t('Favoritos', 'Favourites') },
  { name: 'casino-providers', path: '/casino/providers', title: t('Provedores', 'Providers') },
  { name: 'casino-games', path: '/casino/games', title: t('Jogos', 'Games') },
  { name: 'casino-box', path: '/casino/box/:name', title: t('Caixa', 'Box') },
  { name: 'casino-category', path: '/casino/category/:filter', title: t('Categoria', 'Category') },
  { name: 'casino-game', path: '/casino/:provider/:game', title: t('Jogo', 'Game') },

  // Sorte Originals: the lobby, one page per game, and the provably-fair verifier.
  { name: 'originals', path: '/originals', title: t('Sorte Originals') },
  { name: 'originals-game', path: '/originals/:game', title: t('Sorte Originals') },
  { name: 'fairness', path: '/fairness', title: t('Jogo justo comprovável', 'Provably fair') },

  { name: 'refers', path: '/refers', title: t('Indique um amigo e ganhe', 'Refer a friend and earn'), auth: true },
  // The spec titles these two and /user in English on Portuguese pages too; each page speaks its language here.
  { name: 'account-boxes', path: '/account/boxes', title: t('Minhas caixas', 'My boxes'), auth: true },
  { name: 'account-items', path: '/account/items', title: t('Meus itens', 'My items'), auth: true },
  { name: 'account-wallet', path: '/account/wallet', title: t('Carteira', 'Wallet'), auth: true },
  {
    name: 'responsible-gambling',
    path: '/responsible-gambling',
    title: t('Jogo Responsável', 'Responsible Gaming'),
    auth: true,
  },
  { name: 'user', path: '/user', title: t('Meu perfil', 'My profile'), auth: true },
  { name: 'user-edit', path: '/user/edit', title: t('Editar conta', 'Edit account'), auth: true },
  { name: 'user-access-data', path: '/user/edit/access-data', title: t('Dados de acesso', 'Access data'), auth: true },
  { name: 'user-transaction', path: '/user/edit/transaction', title: t('Carteira', 'Wallet'), auth: true },
  {
    name: 'user-verification',
    path: '/user/edit/verification',
    title: t('Verificar conta', 'Verify account'),
    auth: true,
  },
  {
    name: 'user-personal-data',
    path: '/user/edit/personal-data',
    title: t('Dados pessoais', 'Personal data'),
    auth: true,
  },
  { name: 'user-history-casino', path: '/user/edit/history-casino', title: t('Carteira', 'Wallet'), auth: true },
];

export const LOCALE_PREFIX: Record<Locale, string> = { pt: '', en: '/en' };

/** Splits "/en/casino/games" into its locale and the plain path. */
export function splitLocale(pathname: string): { locale: Locale | null; path: string } {
  if (pathname === '/en' || pathname === '/en/') return { locale: 'en', path: '/' };
  if (pathname.startsWith('/en/')) return { locale: 'en', path: pathname.slice(3) };
  return { locale: null, path: pathname };
}

/** Route matching as the web router does it: case-insensitive, ":name" one segment, "*" the rest. */
export function matchRoute(pathname: string, routes: RouteDef[] = ROUTES): RouteDef | null {
  const segs = pathname.split('/').filter(Boolean);
  let best: { route: RouteDef; score: number } | null = null;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    const score = scoreMatch(pattern, segs);
    if (score !== null && (!best || score > best.score)) best = { route, score };
  }
  return best?.route ?? null;
}

function scoreMatch(pattern: string[], segs: string[]): number | null {
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    // A trailing `*` matches zero or more segments: `/sportsbook` is the sportsbook route, as in the web router.
    if (p === '*') return segs.length >= i ? score + 1 : null;
    const s = segs[i];
    if (s === undefined) return null;
    if (p.startsWith(':')) score += 2;
    else if (p.toLowerCase() === s.toLowerCase()) score += 3;
    else return null;
  }
  return segs.length === pattern.length ? score : null;
}
