/** The chat's public API for the app's composition: its event consumer (mission announcements). */
export { chatConsumer } from './consumers';
/** For the back office: moderation acts in the caller's transaction, and the messages they act on. */
export {
  type ModerationRow,
  moderationMessage,
  moderationMessages,
  mutedUntil,
  mutePlayer,
  pinMessageIn,
  removeMessageIn,
} from './service';
