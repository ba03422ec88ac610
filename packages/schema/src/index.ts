export * from './constants';
export * from './api/envelope';
export * from './api/auth';
export * from './api/menu';
export * from './api/settings';
export * from './api/fetch';
export * from './registry/index';
export * from './api/admin';
