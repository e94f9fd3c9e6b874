export * from './roles.js';
export * from './messages/index.js';
export * from './schemas/common.js';
export * from './schemas/setup.js';
export * from './schemas/users.js';
export * from './schemas/status.js';
export * from './schemas/options.js';
