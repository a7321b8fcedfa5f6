export * from './telemetry';
export * from './async-context';
export * from './logger';
export * from './spans';
export * from './propagation';
export * from './metrics';
export * from './http-server-span';
export * from './observability.settings';
