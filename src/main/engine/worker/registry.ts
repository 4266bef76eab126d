// Every test the engine can run. Real-world tasks join with one spread (`...taskModules`).
import { bonnie } from './benchmarks/bonnie';
import { ddWrite } from './benchmarks/dd-write';
import { bufferedRead, cachedRead } from './benchmarks/hdparm-tests';
import { iozone } from './benchmarks/iozone';
import { qdProfile } from './benchmarks/qd-profile';
import { seeker } from './benchmarks/seeker';
import type { TestModule } from '../types';
import { taskModules } from '../../tasks';

export const syntheticModules: TestModule[] = [
  cachedRead,
  bufferedRead,
  ddWrite,
  bonnie,
  iozone,
  seeker,
  qdProfile,
];

export const registry: TestModule[] = [...syntheticModules, ...taskModules];

export const findModule = (id: string): TestModule | undefined => registry.find((m) => m.id === id);
