// Every test the engine can run. A test's module says everything about it (defineBenchmark in
// benchmarks/common.ts); the catalogue (bench.catalogue), `bench --help` and its size keys, the
// plan's estimates and the shared-file rule are derived from this list, so adding a benchmark is
// its module and its line here. Real-world tasks join with one spread (`...taskModules`).
import { bonnie } from './benchmarks/bonnie';
import { RUN_SIZES } from './benchmarks/common';
import { ddWrite } from './benchmarks/dd-write';
import { bufferedRead, cachedRead } from './benchmarks/hdparm-tests';
import { iozone } from './benchmarks/iozone';
import { qdProfile } from './benchmarks/qd-profile';
import { seeker } from './benchmarks/seeker';
import { surfaceScan } from './benchmarks/surface-scan';
import type { SizeDef, TestModule } from '../types';
import { taskModules } from '../../tasks';

export const syntheticModules: TestModule[] = [
  cachedRead,
  bufferedRead,
  ddWrite,
  bonnie,
  iozone,
  seeker,
  qdProfile,
  surfaceScan,
];

export const registry: TestModule[] = [...syntheticModules, ...taskModules];

export const findModule = (id: string): TestModule | undefined => registry.find((m) => m.id === id);

const sizesOf = (modules: TestModule[]) => modules.flatMap((m) => Object.entries(m.sizes ?? {}));

/**
 * Every size a person may set, each once, in the order the tests come (the synthetic tests' phase
 * bound after theirs): the custom profile's fields and `bench --size`'s keys.
 */
export const SIZE_DEFS: ReadonlyMap<string, SizeDef> = new Map([
  ...sizesOf(syntheticModules),
  ...Object.entries(RUN_SIZES),
  ...sizesOf(taskModules),
]);

/** The tests that read the shared O_DIRECT test file: a run writes (and counts) it once. */
export const FILE_TESTS: ReadonlySet<string> = new Set(
  registry.filter((m) => m.sharesTestFile).map((m) => m.id),
);
