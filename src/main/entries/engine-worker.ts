// The engine process: a utilityProcess in the app (shell/utility-spawner.ts), a child_process.fork
// in the CLI, web host and tests; engine/transport.ts picks the channel (the bounded one at fd 3
// when root lends the engine to another account). Runs one plan and exits.
// All disk I/O of a benchmark happens here so the main process never blocks.
import { CHANNEL_FLAG } from '../core/line-channel';
import { runEngineProcess } from '../engine/worker/engine-process';
import { engineTransport, lineTransport } from '../engine/transport';

runEngineProcess(process.argv.includes(CHANNEL_FLAG) ? lineTransport() : engineTransport());
