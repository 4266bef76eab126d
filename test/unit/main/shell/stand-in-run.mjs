// The stand-in's "run" scenario: a benchmark is going (the real engine, forked), the page crashes
// and is reloaded, then File → Quit is answered "Keep measuring" and closing the window "Cancel
// the run".
import { readdirSync } from 'node:fs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(test, ms, what, within) {
  await within(
    (async () => {
      while (!test()) await sleep(25);
    })(),
    ms,
    what,
  );
}

export async function runScenario({ win, invoke, ready, log, within, preventable }) {
  const target = process.env.DW_STANDIN_TARGET;
  const inTarget = () => readdirSync(target);
  ready();
  const start = await invoke('bench.start', {
    targetDir: target,
    tests: ['seeker'],
    sizes: { file: 64 * 1024 * 1024, seekerSeconds: 120 },
  });
  log.probes.benchStart = start;
  if (!start.ok) return;
  const jobId = start.value.jobId;
  const progressed = () =>
    win.webContents.sent.some(
      (m) => m.msg.event === 'job.progress' && m.msg.payload.jobId === jobId,
    );
  await until(() => inTarget().length > 0 && progressed(), 60_000, 'the run’s files', within);
  log.probes.filesDuringRun = inTarget();
  log.probes.powerSaveDuringRun = [...log.powerSave];

  // The page crashes: main reloads it; the new page says it listens and lists the running jobs.
  win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  await sleep(50);
  const sentBefore = win.webContents.sent.length;
  await sleep(300);
  log.probes.sentWhileReloading = win.webContents.sent.length - sentBefore;
  ready();
  log.probes.jobListAfterCrash = await invoke('job.list');

  // File → Quit (Ctrl+Q): the person keeps measuring.
  log.menu[0].submenu.find((i) => i.label === 'Quit').click();
  await until(() => log.messageBoxes.length >= 2, 10_000, 'the close question', within);
  await sleep(200);
  log.probes.jobsAfterKeep = (await invoke('job.list')).value.jobs.map((j) => j.jobId);
  log.probes.quitAfterKeep = [...log.quit];

  // Closing the window: cancel the run; the app quits once the engine has cleaned up.
  const second = preventable();
  win.emit('close', second);
  log.probes.secondClosePrevented = second.defaultPrevented;
  await until(() => log.quit.includes('quit'), 60_000, 'quit after cancel', within);
  log.probes.filesAfterQuit = inTarget();
  log.probes.finished = win.webContents.sent
    .map((m) => m.msg)
    .filter((m) => m.event === 'job.finished')
    .map((m) => m.payload);
}
