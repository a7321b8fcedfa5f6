export * from './database';
export * from './software-authenticator';
