export * from './assets';
export * from './money';
