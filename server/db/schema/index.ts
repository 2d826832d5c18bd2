export * from './identity.ts';
export * from './menu.ts';
export * from './model-codes.ts';
export * from './plants.ts';
export * from './verification.ts';
export * from './api-clients.ts';
export * from './legal.ts';
