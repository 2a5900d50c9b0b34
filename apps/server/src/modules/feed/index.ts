export { publishBetFeed } from './bet-feed';
export { betFeedConsumer, FEED_MAX_AGE_MS, feedSettledRound } from './consumers';
