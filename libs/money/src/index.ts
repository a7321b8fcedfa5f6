export * from './assets';
export * from './money';
export { Ratio } from './ratio';
