export * from './constants';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './paths';
export * from './permissions';
export * from './validation';
