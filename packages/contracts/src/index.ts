export * from './errors';
export * from './money';
export * from './routes';
export * from './site-config';
