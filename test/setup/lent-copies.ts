// After each test file: the code root lent to another account (lend-copy.ts) is removed. Its exit
// hook never runs in a test worker, which the runner kills: every run of the suite left 1 MB copies
// of the engine in /tmp.
import { afterAll } from 'vitest';
import { releaseLentCopies } from '../../src/main/core/lend-copy';

afterAll(releaseLentCopies);
