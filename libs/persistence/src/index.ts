export * from './database';
export * from './embedded';
export * from './migrations';
export * from './dead-letters';
export * from './track-links';
export * from './stable-uuid';
export * from './poll-cadence';
export * from './poller';
