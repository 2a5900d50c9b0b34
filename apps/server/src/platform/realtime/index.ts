export { type Broadcaster, type BusMessage, memoryBroadcaster, redisBroadcaster } from './broadcaster';
export { ALL_GUESTS, ALL_USERS } from './hub';
export { type AppCredentials, appKeyOf, RealtimeKeys } from './keys';
export { isValidChannel, SOCKET_ID, signChannel, signUser } from './protocol';
export { broadcast, emit, localRealtime, Realtime, realtimeRelayConsumer, wireEventName } from './realtime';
export { registerRealtime } from './server';
