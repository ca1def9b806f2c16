export * from './access.js';
export * from './constants.js';
export * from './permissions.js';
export * from './presalary.js';
export * from './roles.js';
export * from './tickets.js';
export * from './worker.js';
export * from './ticket-schemas.js';
