// Browser mode's picker lists one folder at a time (files.list) with the drives first: on a
// stock Ubuntu with snaps (test/fixtures/drives/ubuntu-snaps) the system drive and the data disk,
// not the twelve snap images, /proc or /boot/efi; then home. A real temp tree for the listing.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFolder, placesFrom } from '../../../../src/main/drives/browse';
import { parseMountinfo } from '../../../../src/main/drives/mountinfo';

const ubuntu = readFileSync(
  join(process.cwd(), 'test/fixtures/drives/ubuntu-snaps/proc/self/mountinfo'),
  'utf8',
);

describe('placesFrom', () => {
  it('the system drive, then the other drives, then home; no snaps, plumbing or boot', () => {
    const extra =
      '700 28 8:17 / /media/ana/USB\\040STICK rw - vfat /dev/sdb1 rw\n' +
      '701 28 0:50 / /run/user/1000 rw - tmpfs tmpfs rw\n';
    expect(placesFrom(parseMountinfo(ubuntu + extra), '/home/ana')).toEqual([
      { label: 'The system drive (/)', path: '/', kind: 'root' },
      { label: 'data (/data)', path: '/data', kind: 'mount' },
      { label: 'USB STICK (/media/ana/USB STICK)', path: '/media/ana/USB STICK', kind: 'mount' },
      { label: 'Home (/home/ana)', path: '/home/ana', kind: 'home' },
    ]);
  });
});

describe('listFolder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dw-browse-'));
  mkdirSync(join(dir, 'b-folder'));
  mkdirSync(join(dir, 'A-folder'));
  mkdirSync(join(dir, '.hidden'));
  writeFileSync(join(dir, 'baseline.json'), '{}');
  writeFileSync(join(dir, 'linux.tar.xz'), '');
  writeFileSync(join(dir, 'notes.txt'), '');
  symlinkSync(join(dir, 'A-folder'), join(dir, 'link-to-folder'));
  symlinkSync(join(dir, 'gone'), join(dir, 'dangling'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = (l: ReturnType<typeof listFolder>) => l.entries.map((e) => `${e.kind}:${e.name}`);

  it('folders only for a folder chooser, sorted, hidden ones and dangling links left out', () => {
    const l = listFolder({ dir, files: false }, '/home/ana', () => ubuntu);
    expect(l.dir).toBe(dir);
    expect(l.parent).toBe(tmpdir());
    expect(names(l)).toEqual(['folder:A-folder', 'folder:b-folder', 'folder:link-to-folder']);
    expect(l.places[0]).toMatchObject({ path: '/' });
    expect(l.truncated).toBe(false);
  });

  it('files after the folders for a file chooser, filtered by ending', () => {
    const json = listFolder({ dir, files: true, extensions: ['json'] }, null, () => ubuntu);
    expect(names(json).filter((n) => n.startsWith('file:'))).toEqual(['file:baseline.json']);
    const tar = listFolder({ dir, files: true, extensions: ['tar', 'tar.xz'] }, null, () => '');
    expect(names(tar).at(-1)).toBe('file:linux.tar.xz');
    const all = listFolder({ dir, files: true }, null, () => '');
    expect(names(all).slice(-3)).toEqual([
      'file:baseline.json',
      'file:linux.tar.xz',
      'file:notes.txt',
    ]);
  });

  it("a file's path opens its folder; home when no folder is asked; / has no parent", () => {
    expect(listFolder({ dir: join(dir, 'notes.txt'), files: true }, null, () => '').dir).toBe(dir);
    expect(listFolder({ files: false }, dir, () => '').dir).toBe(dir);
    expect(listFolder({ dir: '/', files: false }, null, () => '').parent).toBeNull();
  });

  it('a missing folder is one line', () => {
    expect(() => listFolder({ dir: join(dir, 'nope'), files: false }, null, () => '')).toThrow(
      `no such folder: ${join(dir, 'nope')}`,
    );
  });
});
