export * from './account-decide';
export * from './account-events';
export * from './account-state';
export * from './swap-pricing';
export * from './public-rules';
export * from './btc-price-guard';
export * from './movement-text';
