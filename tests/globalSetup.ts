import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTemplateDatabases, templateDatabasePrefix } from './helpers/databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its site templates (tests/helpers/siteTemplates.ts); its name tags their databases. */
    siteTemplates: string;
  }
}

/** One folder per test run for the site templates, removed with their databases when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'site-templates-'));
  project.provide('siteTemplates', folder);
  return async () => {
    await dropTemplateDatabases(templateDatabasePrefix(folder));
    await rm(folder, { recursive: true, force: true });
  };
}
