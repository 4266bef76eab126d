// The app's old history folder (~/.config/Drivewise, Electron's userData) is merged into the
// shared one (~/.config/drivewise) losing nothing, without following links or taking files out
// of a folder another account owns; login timing ends up with one records file.
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeAppFolder } from '../../../../src/main/shell/app-folder-merge';
import { RunStore } from '../../../../src/main/store/run-store';
import { armLogin, loginPaths } from '../../../../src/main/tasks/login';
import { detect } from '../../../../src/shared/import/detect';
import { importedRun } from '../../../../src/shared/import/to-run';
import type { RunDocument } from '../../../../src/shared/schemas/run';
import { tempDirs } from '../../../integration/engine/helpers';

const FIX = join(__dirname, '../../../fixtures/tool-output');
const run = (id: string, file: string, day: number): RunDocument =>
  importedRun(detect(readFileSync(join(FIX, file), 'utf8')), {
    id,
    createdAt: `2026-01-0${day}T00:00:00.000Z`,
    appVersion: 'test',
  });

const tempDir = tempDirs();
function home() {
  const root = tempDir('merge');
  const env = { HOME: root, XDG_CONFIG_HOME: join(root, '.config') };
  return { env, oldDir: join(root, '.config/Drivewise'), newDir: join(root, '.config/drivewise') };
}

describe('merging the old app folder into the shared store', () => {
  it('a history under the old app folder is found after the change, every run intact', async () => {
    const { env, oldDir, newDir } = home();
    const old = new RunStore(oldDir);
    const docs = [
      run('before-1', 'seed001-hdparm-ssd.txt', 1),
      run('after-1', 'seed003-seeker-ssd.txt', 2),
      run('before-2', 'seed001-hdparm-ssd.txt', 3),
    ];
    for (const d of docs) await old.save(d);
    // Chromium's profile stays where Electron keeps it.
    mkdirSync(join(oldDir, 'Local Storage'));
    writeFileSync(join(oldDir, 'Preferences'), '{}');
    // The CLI already has a run of its own in the shared folder.
    const shared = new RunStore(newDir);
    const cliRun = run('cli-1', 'seed003-seeker-ssd.txt', 4);
    await shared.save(cliRun);

    const r = await mergeAppFolder(oldDir, newDir, env);
    expect(r.notes).toEqual([]);
    expect(r.moved.sort()).toEqual([
      'runs/after-1.json',
      'runs/before-1.json',
      'runs/before-2.json',
    ]);
    const { runs, problems } = await shared.scan();
    expect(problems).toEqual([]);
    expect(runs.map((s) => s.id).sort()).toEqual(['after-1', 'before-1', 'before-2', 'cli-1']);
    for (const d of [...docs, cliRun]) expect(await shared.load(d.id)).toEqual(d);
    expect(readdirSync(join(oldDir, 'runs'))).toEqual([]);
    expect(existsSync(join(oldDir, 'Preferences'))).toBe(true);
    expect(existsSync(join(oldDir, 'Local Storage'))).toBe(true);
    // A second start finds nothing more to do.
    expect(await mergeAppFolder(oldDir, newDir, env)).toEqual({ moved: [], notes: [] });
  });

  it('the same id with other content is kept in quarantine; the same file is not doubled', async () => {
    const { env, oldDir, newDir } = home();
    await new RunStore(oldDir).save(run('x', 'seed001-hdparm-ssd.txt', 1));
    await new RunStore(oldDir).save(run('same', 'seed001-hdparm-ssd.txt', 2));
    await new RunStore(newDir).save(run('x', 'seed003-seeker-ssd.txt', 1));
    await new RunStore(newDir).save(run('same', 'seed001-hdparm-ssd.txt', 2));
    const r = await mergeAppFolder(oldDir, newDir, env);
    expect(r.notes).toEqual([
      'runs/x.json: a different run with this id is already stored; kept as runs/quarantine/x.json.from-app',
    ]);
    const q = readFileSync(join(newDir, 'runs/quarantine/x.json.from-app'), 'utf8');
    expect(JSON.parse(q)).toEqual(run('x', 'seed001-hdparm-ssd.txt', 1));
    expect(readdirSync(join(oldDir, 'runs'))).toEqual([]);
  });

  it('login timing armed by the old app: one records file, the autostart entry points at it', async () => {
    const { env, oldDir, newDir } = home();
    const probe = join(oldDir, 'probe-src.js');
    mkdirSync(oldDir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, '// probe\n');
    await armLogin({ env, configDir: oldDir, probeScript: probe, execPath: '/opt/Drivewise/x' });
    const o = loginPaths(env, oldDir);
    const n = loginPaths(env, newDir);
    writeFileSync(o.records, '{"probeMonotonicUs":"1"}\n');
    mkdirSync(newDir, { recursive: true, mode: 0o700 });
    writeFileSync(n.records, '{"probeMonotonicUs":"2"}\n');
    await mergeAppFolder(oldDir, newDir, env);
    expect(readFileSync(n.records, 'utf8')).toBe(
      '{"probeMonotonicUs":"2"}\n{"probeMonotonicUs":"1"}\n',
    );
    expect(existsSync(o.records)).toBe(false);
    const entry = readFileSync(n.entry, 'utf8');
    expect(entry).toContain(`${n.script} ${n.records}`);
    expect(entry).not.toContain(oldDir);
    expect(readFileSync(n.script, 'utf8')).toBe('// probe\n');
  });

  it('one folder under both names (case-insensitive filesystem) is left as it is', async () => {
    const { env, oldDir } = home();
    await new RunStore(oldDir).save(run('a', 'seed001-hdparm-ssd.txt', 1));
    // The same folder spelt differently stands in for Drivewise/drivewise on such a filesystem.
    const alias = `${oldDir}/.`;
    expect(await mergeAppFolder(oldDir, alias, env)).toEqual({ moved: [], notes: [] });
    expect(existsSync(join(oldDir, 'runs/a.json'))).toBe(true);
  });

  it('a linked old folder is not followed', async () => {
    const { env, oldDir, newDir } = home();
    const elsewhere = join(tempDir('merge-target'), 'cfg');
    await new RunStore(elsewhere).save(run('a', 'seed001-hdparm-ssd.txt', 1));
    mkdirSync(join(oldDir, '..'), { recursive: true });
    symlinkSync(elsewhere, oldDir);
    const r = await mergeAppFolder(oldDir, newDir, env);
    expect(r.moved).toEqual([]);
    expect(r.notes).toEqual([
      `${oldDir} is a symbolic link (Drivewise does not follow links): its history was not read`,
    ]);
    expect(existsSync(join(elsewhere, 'runs/a.json'))).toBe(true);
    expect(existsSync(newDir)).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)('a runs folder another account owns is refused', async () => {
    const { env, oldDir, newDir } = home();
    await new RunStore(oldDir).save(run('a', 'seed001-hdparm-ssd.txt', 1));
    chownSync(join(oldDir, 'runs'), 65534, 65534);
    const r = await mergeAppFolder(oldDir, newDir, env);
    expect(r.moved).toEqual([]);
    expect(r.notes).toEqual([
      `${join(oldDir, 'runs')} belongs to another account (uid 65534): its files were left there`,
    ]);
    expect(existsSync(join(oldDir, 'runs/a.json'))).toBe(true);
  });
});
