import type { TestProject } from 'vitest/node';
import { createTemplate, type Template } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    template: Template;
  }
}

export default async function setup(project: TestProject) {
  const { template, dispose } = await createTemplate(`${process.pid}_${Date.now()}`);
  project.provide('template', template);
  return dispose;
}
