export {
  type Consumer,
  type ConsumerHandlers,
  createEventBus,
  DEFAULT_RETRY,
  defineConsumer,
  type EventBus,
  type EventBusOptions,
  type EventHandler,
  type HandlerContext,
  type RetryPolicy,
  waitForHorizon,
} from './bus';
export {
  type ConsumerStatus,
  forgetConsumer,
  listParkedEvents,
  type ParkedEvent,
  readConsumerStatus,
  retryParkedEvents,
} from './ops';
export { publish } from './publish';
export { startEventsAndJobs } from './server';
