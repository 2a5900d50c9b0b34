import { lazy } from 'react';
import { fillSlots } from '../shared/lib/slots';

fillSlots({
  // The casino's rails (featured, most played, new, categories) live in the casino's own lazy chunk.
  'home.gameRails': lazy(() => import('../features/casino/components/home-rails')),
  // The live bet feed is a lazy chunk too, mounted when its place on the home page nears the viewport: pusher-js and
  // the feed's code load only then, never with the home route's first load.
  'home.betFeed': lazy(() => import('../features/chat/components/home-bet-feed')),
  // The sportsbook's live matches on the home page, in the sports chunk; the home page mounts it only with hasSports.
  'home.sportsLive': lazy(() => import('../features/sports/components/home-live')),
  // The wallet owns the KYC documents (upload, status, cancel); the profile's verification tab shows them.
  'profile.kycDocuments': lazy(() => import('../features/wallet/documents-entry')),
  // The VIP card on /user: the vip feature's level, points and progress bar, in its own chunk.
  'profile.vipCard': lazy(() => import('../features/vip/components/vip-card')),
  // Responsible gaming in other features' screens: limits asked before the first deposit in regulated mode, the
  // link to the limits page under a refused deposit, the risk warning at login and registration, footer links.
  'wallet.depositGate': lazy(() => import('../features/responsible-gaming/components/deposit-gate')),
  'wallet.depositRefused': lazy(() => import('../features/responsible-gaming/components/deposit-refused')),
  'auth.riskWarning': lazy(() => import('../features/responsible-gaming/components/risk-warning')),
  'footer.responsibleGaming': lazy(() => import('../features/responsible-gaming/components/footer-links')),
  // The deposit form's coupon field follows the promotions feature's client rules (check, cache, clear).
  'wallet.depositCoupon': lazy(() => import('../features/promotions/components/deposit-coupon')),
});
