// @vitest-environment node
// A server without Redis runs no jobs, so it never loads BullMQ: the assembly reaches the jobs
// service through a dynamic import (lazy-job-service.ts). Each check imports in a fresh process.
import { describe, expect, it } from 'vitest';
import { modulesImportedBy, packagesOf } from '../testing/module-imports.ts';

describe('the jobs service, loaded lazily', () => {
  it('is not loaded by importing the assembly, nor is BullMQ', () => {
    const urls = modulesImportedBy('src/server/assembly.ts');
    expect(packagesOf(urls)).not.toContain('bullmq');
    expect(urls.some((url) => url.endsWith('/src/server/jobs/job-service.ts'))).toBe(false);
    expect(urls.some((url) => url.endsWith('/src/server/jobs/lazy-job-service.ts'))).toBe(true);
  }, 60_000);

  it('brings BullMQ with the service itself (what the dynamic import loads)', () => {
    expect(packagesOf(modulesImportedBy('src/server/jobs/job-service.ts'))).toContain('bullmq');
  }, 60_000);
});
