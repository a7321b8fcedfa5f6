export * from './define';
export * from './health';
