// The developer tools in tools/ (the fidelity harness) are built by their own script and left out
// of the app: no bundle of dist/main carries their code, and electron-builder skips dist/tools.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = process.cwd();
const req = createRequire(__filename);
const { load } = req('js-yaml') as { load: (text: string) => unknown };

describe('tools/ is not part of the app', () => {
  it('the app build has no fidelity code; scripts/build-tools.mjs builds it to dist/tools', async () => {
    // dist/main is built by the global setup (scripts/build-node.mjs), as `npm run build` does.
    const appBundles = readdirSync(join(REPO, 'dist/main')).filter((f) => f.endsWith('.js'));
    expect(appBundles).toContain('engine-worker.js');
    expect(appBundles.filter((f) => /fidelity/.test(f))).toEqual([]);
    for (const f of appBundles)
      expect(readFileSync(join(REPO, 'dist/main', f), 'utf8'), f).not.toContain('runFidelity');

    // @ts-expect-error plain .mjs build script without types
    const { buildTools } = (await import('../../../scripts/build-tools.mjs')) as {
      buildTools: () => Promise<void>;
    };
    await buildTools();
    const tool = join(REPO, 'dist/tools/bench-fidelity.js');
    expect(existsSync(tool)).toBe(true);
    expect(readFileSync(tool, 'utf8')).toContain('runFidelity');
  });

  it('electron-builder packages dist/ without dist/tools', () => {
    const config = load(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as {
      files: string[];
    };
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*', '!dist/tools/**']));
  });

  it('npm run bench:fidelity builds the tool and runs it from dist/tools', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['bench:fidelity']).toContain('scripts/build-tools.mjs');
    expect(pkg.scripts['bench:fidelity']).toContain('node dist/tools/bench-fidelity.js');
  });
});
