// `npm run check`: the developer's fast loop. The same typecheck, lint and unit + component tests
// that `npm test` runs, without the build, loop devices, root, Chromium or the e2e suite. The
// typecheck and the linters are single-threaded, so they run side by side (one core each); the
// tests follow, on every core. Caches under node_modules/.cache make a second run faster; CI's
// `npm test` uses none of them.
import { spawn } from 'node:child_process';

const cache = 'node_modules/.cache/drivewise-check';
const tsc = (project) => [
  'tsc',
  '-p',
  `tsconfig.${project}.json`,
  '--noEmit',
  '--incremental',
  '--tsBuildInfoFile',
  `${cache}/tsc-${project}.tsbuildinfo`,
];
const lanes = [
  [tsc('node'), tsc('web'), tsc('components')],
  [
    ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', `${cache}/eslint`],
    ['prettier', '--check', '.', '--cache', '--log-level', 'warn'],
    ['depcruise', 'src', 'test', 'scripts', '--config', '.dependency-cruiser.mjs'],
    ['knip'],
  ],
];
const tests = ['vitest', 'run', '--config', 'vitest.config.mts', '--project', 'unit'];
tests.push('--project', 'unit-mocks', '--project', 'components');
// One module registry per worker rather than per file (vitest.config.mts): the unit project took
// 113 s isolated and 30 s without, most of it re-importing the same modules per file. `npm test`
// keeps each file isolated, so a test that leaks state into another still fails there.
process.env.DRIVEWISE_SHARED_MODULES = '1';

/** Runs one command through npx; resolves with its exit code and prints its time. */
function run(argv) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', ...argv], { stdio: 'inherit' });
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`check: ${argv[0]} ${code === 0 ? 'ok' : `failed (${code})`} in ${secs} s`);
      resolve(code ?? 1);
    });
  });
}

async function lane(commands) {
  for (const argv of commands) if ((await run(argv)) !== 0) return false;
  return true;
}

const started = Date.now();
const ok = (await Promise.all(lanes.map(lane))).every(Boolean) && (await run(tests)) === 0;
const secs = ((Date.now() - started) / 1000).toFixed(0);
console.log(`check: ${ok ? 'passed' : 'FAILED'} in ${secs} s`);
process.exit(ok ? 0 : 1);
