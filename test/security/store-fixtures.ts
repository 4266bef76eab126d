// A small real run document (seed 001's hdparm output imported), for the store attacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detect } from '../../src/shared/import/detect';
import { importedRun } from '../../src/shared/import/to-run';
import type { RunDocument } from '../../src/shared/schemas/run';

const FIX = join(__dirname, '../fixtures/tool-output/seed001-hdparm-ssd.txt');

export function sampleRun(id: string): RunDocument {
  return importedRun(detect(readFileSync(FIX, 'utf8')), {
    id,
    createdAt: '2026-01-01T00:00:00.000Z',
    appVersion: 'test',
  });
}
