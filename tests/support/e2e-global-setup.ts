import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD, initializeDatabase, startServer } from './server';

/**
 * The browser tests share one production server with initialized sample data. Tests that need
 * other data (an empty database, a crash) start their own with startServer().
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  await initializeDatabase(server.baseURL);
  project.provide('baseURL', server.baseURL);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  return async () => {
    await server.stop();
    await server.cleanup();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}
