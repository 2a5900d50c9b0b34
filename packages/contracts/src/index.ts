export * from './casino';
export * from './errors';
export * from './events';
export * from './field-rules';
export * from './money';
export * from './realtime';
export * from './routes';
export * from './site-config';
