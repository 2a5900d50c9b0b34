/** For other modules' tests (the back office's desk): a priced event written as a feed would, without the simulator. */
export { type SeededEvent, seedTestEvent } from './catalog/test-support';
