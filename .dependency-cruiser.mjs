/**
 * The import rules, run by `npm run lint` (lint:cycles). Type-only imports count too
 * (tsPreCompilationDeps): a dependency through types still ties two modules together.
 *
 * 1. No cycles, not even through types.
 * 2. The process boundaries (VS Code's layering): shared imports neither the main process nor the
 *    renderer; the renderer never imports the main process, nor the main process the renderer.
 * 3. The layers of the main process (docs/ARCHITECTURE.md → Main process layers): each folder
 *    imports only the layers below it, listed in LAYERS. A new import across folders that is not
 *    in the table fails here; extend the table only for an edge that keeps it acyclic.
 *
 * .dependency-cruiser-known-violations.json (read by --ignore-known) holds one known violation:
 * renderer/view-model/chart-groups.ts → renderer/report/chart-utils.ts, which the branch s31-archui
 * removes. Once it has landed, delete that file and --ignore-known from package.json.
 */

/** Path patterns of the main process's layers (`^src/main/…`). */
const PATHS = {
  core: '^src/main/core/',
  cli: '^src/main/cli/',
  'engine-contract': '^src/main/engine/[^/]+\\.ts$',
  'engine-methods': '^src/main/engine/methods/',
  'engine-worker': '^src/main/engine/worker/',
  'engine-host': '^src/main/engine/host/',
  drives: '^src/main/drives/',
  store: '^src/main/store/',
  web: '^src/main/web/',
  health: '^src/main/health/',
  report: '^src/main/report/',
  verdict: '^src/main/verdict/',
  tasks: '^src/main/tasks/',
  privileged: '^src/main/privileged/',
  fleet: '^src/main/fleet/',
};

/**
 * What each layer may import, bottom to top. Core is the foundation (errors, safe file writes,
 * jobs, the Services shape); cli is the kit every domain's cli.ts uses (types, validation, text
 * layout); engine-contract is what the engine's processes and its callers share (types, protocol,
 * transport); engine-methods the measurement methods both the engine worker and the root helper run.
 * The top — router.ts, program.ts (the CLI program), create-services.ts, shell/ and entries/ — may
 * import any layer and is imported by none.
 */
const LAYERS = {
  core: [],
  cli: ['core'],
  'engine-contract': ['core'],
  'engine-methods': ['core', 'engine-contract'],
  drives: ['core', 'cli'],
  store: ['core', 'cli'],
  web: ['core'],
  health: ['core', 'cli', 'drives'],
  report: ['core', 'cli', 'store', 'web'],
  verdict: ['core', 'cli', 'store'],
  tasks: ['core', 'cli', 'store', 'engine-contract', 'engine-methods'],
  privileged: ['core', 'cli', 'drives', 'engine-contract', 'engine-methods'],
  fleet: ['core', 'cli', 'store', 'report'],
  'engine-worker': ['core', 'engine-contract', 'engine-methods', 'tasks'],
  'engine-host': [
    'core',
    'cli',
    'drives',
    'store',
    'tasks',
    'fleet',
    'engine-contract',
    'engine-methods',
    'engine-worker',
  ],
};

const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  severity: 'error',
  comment: `${layer} imports only ${allowed.length ? allowed.join(', ') : 'src/shared'} (and itself).`,
  from: { path: PATHS[layer] },
  to: { path: '^src/main/', pathNot: [PATHS[layer], ...allowed.map((a) => PATHS[a])] },
}));

/** The top of the main process: composition roots, the Electron shell and the entry points. */
const TOP = '^src/main/(router|program|create-services)\\.ts$|^src/main/(shell|entries)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a cycle, not even through types.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-process',
      severity: 'error',
      comment: 'src/shared runs in every process: it imports neither src/main nor src/renderer.',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(main|renderer)|tools)/' },
    },
    {
      name: 'renderer-imports-no-main',
      severity: 'error',
      comment: 'The renderer talks to the main process through the preload API only.',
      from: { path: '^src/renderer/' },
      to: { path: '^(src/main|tools)/' },
    },
    {
      name: 'main-imports-no-renderer',
      severity: 'error',
      comment: 'The main process loads the built renderer as pages, never its modules.',
      from: { path: '^src/main/' },
      to: { path: '^src/renderer/' },
    },
    {
      name: 'view-model-imports-no-report',
      severity: 'error',
      comment: 'renderer/view-model is below the screens and the report that use it.',
      from: { path: '^src/renderer/view-model/' },
      to: { path: '^src/renderer/report/' },
    },
    {
      name: 'domains-import-no-top',
      severity: 'error',
      comment:
        'No layer below the top imports router.ts, the CLI program, create-services.ts, the shell or an entry point: they are handed what they need (Services, CliRoot).',
      from: { path: '^src/main/', pathNot: TOP },
      to: { path: TOP },
    },
    {
      name: 'entries-are-imported-by-none',
      severity: 'error',
      comment: 'An entry point is a bundle of its own (scripts/build-node.mjs).',
      from: { path: '^(src|tools)/' },
      to: { path: '^src/main/entries/' },
    },
    {
      name: 'engine-worker-imports-no-host',
      severity: 'error',
      comment: 'The engine worker process and its methods never import engine host code.',
      from: { path: '^src/main/engine/(worker|methods)/' },
      to: { path: '^src/main/engine/host/' },
    },
    {
      name: 'root-helper-reaches-only-methods',
      severity: 'error',
      comment:
        'The root helper (run as root by pkexec) bundles only its protocol, its operations, the methods it serves (engine/methods) and the native addon loader, nothing else of the app.',
      from: { path: '^src/main/entries/root-helper\\.ts$' },
      to: {
        path: '^src/main/',
        pathNot: [
          '^src/main/entries/root-helper\\.ts$',
          '^src/main/privileged/(helper|helper-ops|device-guard|protocol)\\.ts$',
          '^src/main/engine/methods/',
          '^src/main/engine/types\\.ts$',
          // The addon's loader: hdparm's buffers are carved by it (engine/methods/io-buffers).
          '^src/main/core/native-aio\\.ts$',
          // What the loader stands on: where the code is, and as root that no other account
          // chose the addon (issue 37, class 2).
          '^src/main/core/(bundled-worker|trusted-code|others-write|terminal-text)\\.ts$',
          // The /proc/self/io parser: the bytes a raw read took, which the engine counts as its own.
          '^src/main/core/io-counters\\.ts$',
        ],
        reachable: true,
      },
    },
    {
      name: 'app-imports-no-tools',
      severity: 'error',
      comment: 'tools/ (the fidelity harness) is not part of the app; the app never imports it.',
      from: { path: '^src/' },
      to: { path: '^tools/' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|build|release|test/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
  },
};
