import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { BenchStartReq } from '../../../src/shared/contract/bench';
import type { RunDocument } from '../../../src/shared/schemas/run';

const MiB = 1024 * 1024;

/** Tiny sizes so every test finishes in seconds; 1 MiB margin instead of 1 GiB where asked. */
export const TINY = {
  file: 64 * MiB,
  dd: 8 * MiB,
  bonnie: 2 * MiB,
  bonnieChar: 16 * 1024,
  bonnieFiles: 1,
  iozone: 1 * MiB,
  seekerSeconds: 0.3,
  qdSeconds: 0.2,
  // A small generated workload (the default is 20,000 files).
  'task.workloadFiles': 1000,
};

export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `dw-${prefix}-`));

export const leftovers = (dir: string): string[] => readdirSync(dir);

/** A temp-dir maker for one test file; everything it made is removed after the file's tests. */
export function tempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (prefix) => {
    const d = tempDir(prefix);
    made.push(d);
    return d;
  };
}

/** CliIo that keeps what the CLI printed. */
export function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) },
    out,
    err,
  };
}

export function req(targetDir: string, over: Partial<BenchStartReq> = {}): BenchStartReq {
  return {
    targetDir,
    profile: 'custom',
    repetitions: 1,
    sizes: TINY,
    label: 'custom',
    ...over,
  };
}

export function saver(): {
  saved: RunDocument[];
  save: (d: RunDocument) => Promise<void>;
  appVersion: string;
  record: { label: 'custom' };
} {
  const saved: RunDocument[] = [];
  return {
    saved,
    save: async (d) => void saved.push(d),
    appVersion: '0.0.0-test',
    record: { label: 'custom' },
  };
}

export const metric = (doc: RunDocument, testId: string, name: string) =>
  doc.tests.find((t) => t.testId === testId)?.measurements.find((m) => m.metric === name);
