export * from './database';
export * from './software-authenticator';
export * from './wait-for';
