import type { PageContext } from '../server/app';

// What the server hands every loader and action: the domain services and who is asking.
declare module 'react-router' {
  interface AppLoadContext extends PageContext {}
}

export {};
