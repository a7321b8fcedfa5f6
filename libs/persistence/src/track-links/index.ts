export * from './track-links';
