/** The chat's public API for the app's composition: its event consumer (mission announcements). */
export { chatConsumer } from './consumers';
