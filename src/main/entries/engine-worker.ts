// The engine process: a utilityProcess in the app (shell/utility-spawner.ts), a child_process.fork
// in the CLI, web host and tests; engine/transport.ts picks the channel. Runs one plan and exits.
// All disk I/O of a benchmark happens here so the main process never blocks.
import { runEngineProcess } from '../engine/worker/engine-process';

runEngineProcess();
