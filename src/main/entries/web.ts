// `npm run web`: the app in your browser, over a loopback WebSocket host.
import { join } from 'node:path';
import { createServices } from '../create-services';
import { collectLoginAtStart } from '../tasks';
import { createDispatch, createHandlers } from '../router';
import { startWebHost } from '../web/host';
import { nativeAio } from '../core/native-aio';
import { rootEnvironment } from '../core/trusted-code';

async function main(): Promise<void> {
  // As root: PATH and Node's code variables cut to what no other account can change.
  if (process.getuid?.() === 0) {
    nativeAio();
    rootEnvironment();
  }
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a number from 0 to 65535, not "${process.argv[portArg + 1]}"`);
  const services = createServices({ host: 'browser' });
  // Logins timed since the last start (autostart probe) become a stored result.
  void collectLoginAtStart(services);
  const host = await startWebHost({
    staticDir: join(__dirname, '..', 'renderer'),
    dispatch: createDispatch(createHandlers(services)),
    bus: services.bus,
    port,
  });
  // The random path is the access key: only this server ever receives it (no cookie is set).
  console.log(
    `Drivewise is running in browser mode. Open:\n  ${host.url}\n` +
      `(localhost works too; the random path is your access key: do not share it)\n` +
      `Press Ctrl+C to stop.`,
  );
  // Exit 128 + signal number, as shells report it: 130 for Ctrl+C, 143 for SIGTERM.
  let stopping = false;
  const stop = (code: number) => (): void => {
    if (stopping) return;
    stopping = true;
    services.jobs.cancelAll();
    void host.close().finally(() => process.exit(code));
  };
  process.on('SIGINT', stop(130));
  process.on('SIGTERM', stop(143));
}

main().catch((err: unknown) => {
  console.error(`drivewise web: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
