// Adding a benchmark is one new file and its entry in the registry (issue #28): a copy of src/ gets
// the fixture benchmark and nothing else, is built like the app's CLI, and the fixture is then in
// `bench --help`, in the dry-run plan, and in the bench.catalogue and bench.plan answers.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../src/main/engine/types';
import type { BenchCatalogue, BenchPlan } from '../../../src/shared/contract/bench';
import { figureLabel, testLabel } from '../../../src/shared/labels';
import { findJargon } from '../../../src/shared/jargon';
import { themeOf, themeWords } from '../../../src/shared/verdict/metrics';
import { fixtureBench } from '../../fixtures/bench/fixture-bench';

const ROOT = process.cwd();
const FIXTURE = 'test/fixtures/bench/fixture-bench.ts';
const REGISTRY = 'src/main/engine/worker/registry.ts';
const MiB = 1024 * 1024;

/** The registry entry: the module's import and its place in the list. */
function register(source: string): string {
  const out = source
    .replace(
      "import { seeker } from './benchmarks/seeker';",
      "$&\nimport { fixtureBench } from '../../../../test/fixtures/bench/fixture-bench';",
    )
    .replace('  qdProfile,\n', '  qdProfile,\n  fixtureBench,\n');
  expect(out.split('\n').length - source.split('\n').length).toBe(2);
  return out;
}

/** An entry of the copy that answers two channels through its router, as the app's page asks. */
const ASK_ROUTER = `
import { createServices } from '../create-services';
import { createDispatch, createHandlers } from '../router';

const [configDir, targetDir] = process.argv.slice(2) as [string, string];
const dispatch = createDispatch(createHandlers(createServices({ configDir })));
void Promise.all([
  dispatch('bench.catalogue', {}),
  dispatch('bench.plan', { targetDir, profile: 'custom', tests: ['fixture-echo'], repetitions: 2 }),
]).then((answers) => {
  process.stdout.write(JSON.stringify(answers));
  process.exit(0);
});
`;

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

const run = (cli: string, args: string[], env: NodeJS.ProcessEnv) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, timeout: 20_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
};

describe('adding a benchmark', () => {
  it('one file and one registry entry put it in the CLI help, the plan and the catalogue', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'dw-add-bench-'));
    try {
      // What the app's build reads: the sources and package.json (the version it reports).
      cpSync(join(ROOT, 'src'), join(tmp, 'src'), { recursive: true });
      cpSync(join(ROOT, 'package.json'), join(tmp, 'package.json'));
      mkdirSync(dirname(join(tmp, FIXTURE)), { recursive: true });
      cpSync(join(ROOT, FIXTURE), join(tmp, FIXTURE));
      writeFileSync(join(tmp, REGISTRY), register(readFileSync(join(ROOT, REGISTRY), 'utf8')));
      writeFileSync(join(tmp, 'src/main/entries/ask-router.ts'), ASK_ROUTER);
      symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'));
      // @ts-expect-error plain .mjs build script without types
      const { buildNode } = (await import('../../../scripts/build-node.mjs')) as {
        buildNode: (root: string) => Promise<void>;
      };
      await buildNode(tmp);

      const target = join(tmp, 'target');
      mkdirSync(target);
      const env = { ...process.env, HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'config') };
      const cli = join(tmp, 'dist/main/cli.js');

      const help = run(cli, ['bench', '--help'], env).replace(/\s+/g, ' ');
      expect(help).toContain('fixture-echo Echo write (fixture) (echo-bench)');
      expect(help).toContain('echoBytes Echo test file size, in MiB');
      expect(help).toMatch(/key=value list \([^)]*, echoBytes, [^)]*phaseSeconds\)/);

      const sizes = { repetitions: 2, sizes: { echoBytes: 8 * MiB } };
      const expected = (s: typeof sizes) => ({
        id: 'fixture-echo',
        title: 'Echo write (fixture)',
        kind: 'synthetic',
        tool: 'echo-bench',
        estimateSeconds: Math.round(fixtureBench.estimateSeconds(s) * 10) / 10,
        bytesNeeded: s.sizes.echoBytes,
      });
      const dry = JSON.parse(
        run(
          cli,
          [
            ...['bench', '--dir', target, '--profile', 'custom', '--tests', 'fixture-echo'],
            ...['--size', 'echoBytes=8M', '--repetitions', '2', '--dry-run', '--json', '-'],
          ],
          env,
        ),
      ) as BenchPlan;
      expect(dry.tests).toEqual([expected(sizes)]);
      expect(dry.bytesNeeded).toBe(8 * MiB);
      expect(dry.unknownTests).toEqual([]);

      const [catalogue, plan] = JSON.parse(
        run(join(tmp, 'dist/main/ask-router.js'), [join(tmp, 'config'), target], env),
      ) as [Answer<BenchCatalogue>, Answer<BenchPlan>];
      if (!catalogue.ok || !plan.ok) throw new Error(JSON.stringify([catalogue, plan]));
      expect(catalogue.value.tests.filter((t) => t.id === 'fixture-echo')).toEqual([
        {
          id: 'fixture-echo',
          title: 'Echo write (fixture)',
          kind: 'synthetic',
          tool: 'echo-bench',
          description: fixtureBench.description,
        },
      ]);
      expect(catalogue.value.sizes).toContainEqual({
        key: 'echoBytes',
        label: 'Echo test file size',
        unit: 'MiB',
      });
      // No size given: the module's own default.
      expect(plan.value.tests).toEqual([
        expected({ repetitions: 2, sizes: { echoBytes: 24 * MiB } }),
      ]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('its figure gets a theme and words by the naming rules, with no edit to the verdict or labels', async () => {
    const result = await fixtureBench.run({ sizes: {} } as TestContext);
    const figure = result.measurements[0]!;
    expect(themeOf(result, figure)).toBe('sequential');
    expect(themeWords('sequential', figure.metric)).toBe('sequential writes');
    expect(testLabel(result.testId, result.title)).toEqual({
      label: 'Echo write (fixture)',
      tag: null,
    });
    const words = figureLabel(result.testId, figure, result.tool);
    expect(words).toEqual({ label: 'Echo write', tag: 'echo-bench' });
    expect(findJargon(words.label)).toBeNull();
  });
});
