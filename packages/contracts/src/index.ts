export * from './constants';
export * from './messages';
export * from './envelope';
export * from './catalog';
export * from './money';
export * from './auth';
