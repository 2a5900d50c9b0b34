export { ALL_USERS, appKeyOf, broadcast, emit } from '../../platform/realtime/index';
export { channels, DEFAULT_ROOM, realtimeClientSettings } from './channels';
export { realtimeConsumer } from './consumers';
export { displayName } from './routes';
