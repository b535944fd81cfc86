export * from './accounts';
export * from './club';
export * from './content';
export * from './matches';
export * from './portal';
export * from './shop';
export * from './squad';
export * from './teams';
