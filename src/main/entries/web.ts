// `npm run web`: the app in your browser, over a loopback WebSocket host.
import { join } from 'node:path';
import { createServices } from '../core/services';
import { collectLoginAtStart } from '../tasks';
import { createDispatch, createHandlers } from '../router';
import { startWebHost } from '../web/host';

async function main(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 0;
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
  const stop = (): void => {
    services.jobs.cancelAll();
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`drivewise web: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
