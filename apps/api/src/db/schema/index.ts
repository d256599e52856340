export * from './accounts';
export * from './attempts';
export * from './content';
export * from './exams';
export * from './question-bank';
export * from './system';
export * from './tests';
export * from './vocabulary';
