export * from './database';
export * from './embedded';
export * from './migrations';
export * from './prisma';
export * from './dead-letters';
