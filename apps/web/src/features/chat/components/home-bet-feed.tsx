import { BetFeed } from './bet-feed';

/** The live bet feed as the home page shows it; a lazy chunk of its own so the home route's JS stays small. */
export default function HomeBetFeed() {
  return <BetFeed variant="home" />;
}
