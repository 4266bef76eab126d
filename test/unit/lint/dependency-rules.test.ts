// The layer rules of .dependency-cruiser.mjs (npm run lint:cycles) catch what they name: each
// forbidden import is written into a small tree of its own and cruised with the same rules, and a
// tree that follows the layers passes. The real tree is checked by lint:cycles itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Writes the files (path → paths it imports) and returns the rules each violation broke. */
async function violations(tree: Record<string, string[]>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'dw-layers-'));
  dirs.push(root);
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    const lines = imports.map((to, i) => {
      const rel = join(
        ...dirname(file)
          .split('/')
          .map(() => '..'),
        to.replace(/\.ts$/, ''),
      );
      return `import { v as v${i} } from '${rel}';\nexport const u${i} = v${i};`;
    });
    writeFileSync(join(root, file), `${lines.join('\n')}\nexport const v = 1;\n`);
  }
  // @ts-expect-error plain .mjs config without types
  const { default: config } = (await import('../../../.dependency-cruiser.mjs')) as {
    default: { forbidden: unknown[] };
  };
  const { cruise } = await import('dependency-cruiser');
  const result = await cruise(
    ['src'],
    {
      baseDir: root,
      ruleSet: { forbidden: config.forbidden } as never,
      validate: true,
      tsPreCompilationDeps: true,
    },
    { extensions: ['.ts'] },
  );
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(output.summary.violations.map((v) => v.rule.name))].sort();
}

describe('layer rules', () => {
  it('a tree that follows the layers has no violation', async () => {
    expect(
      await violations({
        'src/main/entries/cli.ts': ['src/main/program.ts'],
        'src/main/program.ts': ['src/main/router.ts', 'src/main/engine/host/bench-cli.ts'],
        'src/main/router.ts': ['src/main/engine/host/bench-cli.ts'],
        'src/main/engine/host/bench-cli.ts': ['src/main/engine/worker/registry.ts'],
        'src/main/engine/worker/registry.ts': ['src/main/tasks/index.ts'],
        'src/main/tasks/index.ts': ['src/main/store/run-store.ts', 'src/main/engine/types.ts'],
        'src/main/store/run-store.ts': ['src/main/core/errors.ts', 'src/shared/schemas/run.ts'],
        'src/main/engine/types.ts': [],
        'src/main/core/errors.ts': [],
        'src/shared/schemas/run.ts': [],
      }),
    ).toEqual([]);
  });

  it('core importing a domain, and shared importing main, are refused', async () => {
    expect(
      await violations({
        'src/main/core/services.ts': ['src/main/store/run-store.ts'],
        'src/main/store/run-store.ts': [],
        'src/shared/format/bytes.ts': ['src/main/core/errors.ts'],
        'src/main/core/errors.ts': [],
      }),
    ).toEqual(['layer-core', 'shared-imports-no-process']);
  });

  it('a domain importing the router, and the renderer importing main, are refused', async () => {
    expect(
      await violations({
        'src/main/report/cli.ts': ['src/main/router.ts'],
        'src/main/router.ts': [],
        'src/renderer/api/x.ts': ['src/main/core/errors.ts'],
        'src/main/core/errors.ts': [],
      }),
    ).toEqual(['domains-import-no-top', 'layer-report', 'renderer-imports-no-main']);
  });

  it('engine worker code importing engine host code is refused', async () => {
    expect(
      await violations({
        'src/main/engine/worker/runner.ts': ['src/main/engine/host/client.ts'],
        'src/main/engine/host/client.ts': [],
      }),
    ).toEqual(['engine-worker-imports-no-host', 'layer-engine-worker']);
  });

  it('the root helper reaching anything but its methods is refused, however indirectly', async () => {
    expect(
      await violations({
        'src/main/entries/root-helper.ts': ['src/main/privileged/helper.ts'],
        'src/main/privileged/helper.ts': ['src/main/engine/methods/hdparm.ts'],
        'src/main/engine/methods/hdparm.ts': ['src/main/engine/types.ts'],
        'src/main/engine/types.ts': ['src/main/core/errors.ts'],
        'src/main/core/errors.ts': [],
      }),
    ).toEqual(['root-helper-reaches-only-methods']);
  });

  it('a domain importing a domain above it (store → tasks) is refused', async () => {
    expect(
      await violations({
        'src/main/store/app-folder-merge.ts': ['src/main/tasks/login.ts'],
        'src/main/tasks/login.ts': [],
      }),
    ).toEqual(['layer-store']);
  });
});
