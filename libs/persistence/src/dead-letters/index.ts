export * from './dead-letters';
export * from './failures';
export * from './poison-tracker';
export * from './poison-guard';
export * from './in-order';
export * from './unparsed-key';
export * from './together-or-alone';
