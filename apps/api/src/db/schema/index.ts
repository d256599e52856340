export * from './accounts';
export * from './exams';
export * from './question-bank';
export * from './system';
export * from './tests';
