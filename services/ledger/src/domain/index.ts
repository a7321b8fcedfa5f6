export * from './account-decide';
export * from './account-events';
export * from './account-state';
