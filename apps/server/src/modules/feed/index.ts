export { maskName, publishBetFeed } from './bet-feed';
