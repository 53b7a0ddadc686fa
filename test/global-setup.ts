import type { TestProject } from 'vitest/node';
import { createTemplate, type Template } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    template: Template;
  }
}

interface Shared {
  ready: Promise<{ template: Template; dispose: () => Promise<void> }>;
  users: number;
}
// Every project that needs a database runs this setup (vitest.config.ts); they share one template per run, and the
// last one to finish removes it. Setups run in one process, so the template waits on globalThis.
const shared = globalThis as typeof globalThis & { kunciTestTemplate?: Shared };

export default async function setup(project: TestProject) {
  shared.kunciTestTemplate ??= { ready: createTemplate(`${process.pid}_${Date.now()}`), users: 0 };
  const entry = shared.kunciTestTemplate;
  entry.users += 1;
  const { template, dispose } = await entry.ready;
  project.provide('template', template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.kunciTestTemplate;
    await dispose();
  };
}
