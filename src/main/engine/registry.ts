// Every test the engine can run. Real-world tasks join with one spread (`...taskModules`).
import { bonnie } from './tests/bonnie';
import { ddWrite } from './tests/dd-write';
import { bufferedRead, cachedRead } from './tests/hdparm-tests';
import { iozone } from './tests/iozone';
import { qdProfile } from './tests/qd-profile';
import { seeker } from './tests/seeker';
import type { TestModule } from './types';
import { taskModules } from '../tasks';

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
