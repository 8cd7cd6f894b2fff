import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded demo data folders (tests/helpers/demoTemplates.ts). */
    demoTemplates: string;
  }
}

/** One folder per test run for the demo templates, removed when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'demo-templates-'));
  project.provide('demoTemplates', folder);
  return () => rm(folder, { recursive: true, force: true });
}
