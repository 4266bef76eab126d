// The engine process: forked by the main process (utilityProcess in the app), runs one plan and
// exits. All disk I/O of a benchmark happens here so the main process never blocks.
import { runEngineProcess } from '../engine/engine-process';

runEngineProcess();
