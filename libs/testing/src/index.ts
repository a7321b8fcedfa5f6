export * from './database';
export * from './software-authenticator';
export * from './wait-for';
export * from './processes';
export * from './png';
export * from './plans';
