export * from './accounts';
export * from './exams';
export * from './system';
