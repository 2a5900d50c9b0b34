import type { RouteDef } from '@sorte/contracts';
import { type ComponentType, lazy } from 'react';
import { setLiveRoutes } from '../shared/lib/live-routes';
import { shouldPrefetch } from '../shared/lib/perf-monitor';

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;
export type PageProps = { route: RouteDef };

const home = () => import('../features/site/routes/home-page');
const legal = () => import('../features/site/routes/legal-page');
const content = () => import('../features/site/routes/content-page');
const offline = () => import('../features/site/routes/offline-page');
const errorRoute = () => import('./error-route-page');
const unavailable = () => import('./feature-unavailable');
const newComponents = () => import('../features/showcase/routes/new-components-page');
const animation = () => import('../features/showcase/routes/animation-page');
const install = () => import('../features/realtime/routes/install-page');
const originalsLobby = () => import('../features/originals/routes/lobby-page');
const originalsGame = () => import('../features/originals/routes/game-page');
const fairness = () => import('../features/originals/routes/fairness-page');
const user = () => import('../features/profile/routes/user-page');
const userEdit = () => import('../features/profile/routes/user-edit-page');
const casinoLobby = () => import('../features/casino/routes/lobby-page');
const casinoLists = () => import('../features/casino/routes/lists-page');
const casinoGame = () => import('../features/casino/routes/game-page');
const casinoHistory = () => import('../features/casino/routes/history-page');
const wallet = () => import('../features/wallet/routes/wallet-page');
const responsibleGambling = () => import('../features/responsible-gaming/routes/responsible-gambling-page');
const bonus = () => import('../features/promotions/routes/bonus-page');
const promotion = () => import('../features/promotions/routes/promotion-page');
const promoCodes = () => import('../features/promotions/routes/promo-codes-page');
const refers = () => import('../features/referrals/routes/refers-page');
const ranking = () => import('../features/vip/routes/ranking-page');
const sports = () => import('../features/sports/routes/sports-page');
const sportsChange = () => import('../features/sports/routes/sportschange-page');
const sportsbook = () => import('../features/sports/routes/sportsbook-page');
const widgetBetby = () => import('../features/sports/betby/widgetbetby-page');
const crates = () => import('../features/boxes/routes/crates-page');
const box = () => import('../features/boxes/routes/box-page');
const accountBoxes = () => import('../features/boxes/routes/account-boxes-page');
const accountItems = () => import('../features/boxes/routes/account-items-page');

/** Pages built so far, by route name. Every other route shows the honest "not available yet" page. */
const LOADERS: Record<string, Loader> = {
  home,
  // The account routes show the home page with their modal on top (features/auth AuthHost opens it).
  login: home,
  register: home,
  'recover-pass': home,
  user: user as Loader,
  'user-edit': userEdit as Loader,
  'user-access-data': userEdit as Loader,
  'user-personal-data': userEdit as Loader,
  'user-verification': userEdit as Loader,
  'account-wallet': wallet as Loader,
  'user-transaction': wallet as Loader,
  'responsible-gambling': responsibleGambling as Loader,
  bonus: bonus as Loader,
  promotion: promotion as Loader,
  'promo-codes': promoCodes as Loader,
  refers: refers as Loader,
  ranking: ranking as Loader,
  terms: legal,
  privacy: legal,
  'aml-policy': legal,
  'betting-terms': legal,
  'responsible-gaming': legal,
  'regulatory-compliance': legal,
  page: content,
  offline,
  error: errorRoute,
  'new-components': newComponents as Loader,
  animation: animation as Loader,
  install,
  'install-two': install,
  ios: install,
  originals: originalsLobby as Loader,
  'originals-game': originalsGame as Loader,
  fairness: fairness as Loader,
  'casino-games': casinoLobby as Loader,
  'casino-play': casinoLobby as Loader,
  'casino-category': casinoLobby as Loader,
  'casino-providers': casinoLists as Loader,
  'casino-recent': casinoLists as Loader,
  'casino-favorites': casinoLists as Loader,
  'casino-game': casinoGame as Loader,
  'user-history-casino': casinoHistory as Loader,
  casino: casinoLobby as Loader,
  sports: sports as Loader,
  sportschange: sportsChange as Loader,
  sportsbook: sportsbook as Loader,
  widgetbetby: widgetBetby as Loader,
  'casino-crates': crates as Loader,
  'casino-box': box as Loader,
  'account-boxes': accountBoxes as Loader,
  'account-items': accountItems as Loader,
};

// Links anywhere in the site are shown only to pages that exist (shared/lib/live-routes.ts).
setLiveRoutes(Object.keys(LOADERS));

const loaderFor = (name: string): Loader => LOADERS[name] ?? unavailable;

const components = new Map<Loader, ComponentType<PageProps>>();

/** One lazy component per chunk, so two routes sharing a page (the legal pages) share the module. */
export function pageComponent(name: string): ComponentType<PageProps> {
  const loader = loaderFor(name);
  let component = components.get(loader);
  if (!component) {
    component = lazy(loader);
    components.set(loader, component);
  }
  return component;
}

const prefetched = new Set<Loader>();

/** Starts loading a route's code on hover or focus of a link, unless the connection is slow or data-saving. */
export function prefetchRoute(name: string): void {
  const loader = loaderFor(name);
  if (prefetched.has(loader) || !shouldPrefetch()) return;
  prefetched.add(loader);
  loader().catch(() => prefetched.delete(loader));
}
