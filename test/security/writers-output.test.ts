// Issue 14, class 6: every file Drivewise writes for the person (export, csv --out, report --html
// / --pdf, bench --json) refuses device nodes, FIFOs, sockets and links even with --force, and an
// existing file without --force. Writes go through an O_EXCL|O_NOFOLLOW temp file and a rename.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/program';
import type { Services } from '../../src/main/core/services';
import { createServices } from '../../src/main/create-services';
import { setReportPrinter } from '../../src/main/report/printer';
import { capture, tempDirs } from '../integration/engine/helpers';
import { isRoot } from './cli-run';
import { sampleRun } from './store-fixtures';
import { recordAttack } from './tally';

const tempDir = tempDirs();
let s: Services;
let out: string;
let server: Server | null = null;

async function cli(args: string[]) {
  const c = capture();
  const code = await runCli(args, c.io, s);
  return { code, out: c.out.join(''), err: c.err.join('') };
}

/** Each writer, aimed at `path`, with --force when asked. */
const writers = (path: string, force: boolean): [string, string[]][] => {
  const f = force ? ['--force'] : [];
  return [
    ['export', ['export', 'run-1', path, ...f]],
    ['csv --out', ['csv', 'run-1', '--out', path, ...f]],
    ['report --html', ['report', 'run-1', '--html', path, ...f]],
    ['report --pdf', ['report', 'run-1', '--pdf', path, ...f]],
    ['bench --json', ['bench', '--dir', out, '--tests', 'seeker', '--json', path, ...f]],
  ];
};

beforeAll(async () => {
  s = createServices({ configDir: tempDir('sec-writers-cfg') });
  await s.runs.save(sampleRun('run-1'));
  out = tempDir('sec-writers');
});
afterAll(() => server?.close());

describe('special files as output are refused, --force or not', () => {
  it('a device node (a copy of /dev/null made with mknod) stays a device node', async () => {
    // As root a private node is used; without root, /dev/null itself (nobody could replace it).
    const node = isRoot ? join(out, 'sdz') : '/dev/null';
    if (isRoot) execFileSync('mknod', [node, 'c', '1', '3']);
    for (const force of [false, true])
      for (const [name, args] of writers(node, force)) {
        const r = await cli(args);
        const held =
          r.code === 2 &&
          r.err === `drivewise: refusing to write ${node}: it is a device node\n` &&
          lstatSync(node).isCharacterDevice();
        recordAttack(`writer: ${name} onto a device node${force ? ' with --force' : ''}`, { held });
        expect({ name, force, ...r }).toMatchObject({ code: 2 });
        expect(held).toBe(true);
      }
  });

  it('a FIFO and a socket: refused at once (no blocking open), left in place', async () => {
    const fifo = join(out, 'pipe.out');
    execFileSync('mkfifo', [fifo]);
    const sock = join(out, 'sock.out');
    server = createServer();
    await new Promise<void>((r) => server!.listen(sock, r));
    for (const [path, kind, test] of [
      [fifo, 'a FIFO (named pipe)', () => lstatSync(fifo).isFIFO()],
      [sock, 'a socket', () => lstatSync(sock).isSocket()],
    ] as const)
      for (const [name, args] of writers(path, true)) {
        const t0 = Date.now();
        const r = await cli(args);
        const held =
          r.code === 2 &&
          r.err === `drivewise: refusing to write ${path}: it is ${kind}\n` &&
          test() &&
          Date.now() - t0 < 10_000;
        recordAttack(`writer: ${name} --force onto ${kind}`, { held });
        expect(held).toBe(true);
      }
  });

  it('a symlink planted at the output path (shared folder) is never written through, nor replaced', async () => {
    const shared = tempDir('sec-shared');
    chmodSync(shared, 0o1777);
    const victim = join(tempDir('sec-victim'), 'passwd');
    writeFileSync(victim, 'root:x:0:0\n');
    const link = join(shared, 'out.json');
    symlinkSync(victim, link);
    for (const force of [false, true])
      for (const [name, args] of writers(link, force)) {
        const r = await cli(args);
        const held =
          r.code === 2 &&
          /^drivewise: refusing to write .*out\.json: it is a symbolic link/.test(r.err) &&
          readFileSync(victim, 'utf8') === 'root:x:0:0\n' &&
          lstatSync(link).isSymbolicLink();
        recordAttack(`writer: ${name} onto a planted symlink${force ? ' with --force' : ''}`, {
          held,
          outsideTouched: readFileSync(victim, 'utf8') === 'root:x:0:0\n' ? 0 : 1,
        });
        expect(held).toBe(true);
      }
  });
});

describe('existing files', () => {
  it('every writer (report included) refuses an existing file unless --force; --force replaces it', async () => {
    for (const [name, args] of writers(join(out, 'keep.txt'), false)) {
      const keep = join(out, 'keep.txt');
      writeFileSync(keep, 'mine\n');
      const r = await cli(args);
      const held =
        r.code === 2 &&
        r.err === `drivewise: ${keep} already exists; choose another name or add --force\n` &&
        readFileSync(keep, 'utf8') === 'mine\n';
      recordAttack(`writer: ${name} onto an existing file without --force`, { held });
      expect({ name, ...r }).toMatchObject({ code: 2 });
      expect(held).toBe(true);
    }
    const keep = join(out, 'keep.txt');
    for (const args of [
      ['export', 'run-1', keep, '--force'],
      ['csv', 'run-1', '--out', keep, '--force'],
    ]) {
      writeFileSync(keep, 'mine\n');
      expect((await cli(args)).code).toBe(0);
      expect(readFileSync(keep, 'utf8')).not.toBe('mine\n');
    }
    expect(readdirSync(out).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe.skipIf(!isRoot)('ENOSPC in each writer (tiny tmpfs; needs root to mount)', () => {
  it('export, csv --out and --force over a full disk: one line, old file intact, no temp file left', async () => {
    const mnt = tempDir('sec-enospc');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
    try {
      writeFileSync(join(mnt, 'old.json'), 'old\n');
      // Fill what is left.
      try {
        writeFileSync(join(mnt, 'filler'), Buffer.alloc(128 * 1024));
      } catch {
        /* full, as intended */
      }
      for (const [name, args] of [
        ['export', ['export', 'run-1', join(mnt, 'new.json')]],
        ['export --force', ['export', 'run-1', join(mnt, 'old.json'), '--force']],
        ['csv --out', ['csv', 'run-1', '--out', join(mnt, 'new.csv')]],
        ['csv --out --force', ['csv', 'run-1', '--out', join(mnt, 'old.json'), '--force']],
        ['report --html', ['report', 'run-1', '--html', join(mnt, 'r.html')]],
        ['report --pdf --force', ['report', 'run-1', '--pdf', join(mnt, 'old.json'), '--force']],
      ] as const) {
        // The report's bytes come from the printer seam the desktop shell uses (no Chromium here):
        // what is under test is the write.
        setReportPrinter({
          render: async () => ({ bytes: Buffer.alloc(200 * 1024, 0x41), pages: 1 }),
        });
        const r = await cli([...args]);
        setReportPrinter({});
        const held =
          r.code === 2 &&
          /^drivewise: cannot write .*: ENOSPC \(no space left on the device\)\n$/.test(r.err) &&
          readFileSync(join(mnt, 'old.json'), 'utf8') === 'old\n' &&
          readdirSync(mnt).sort().join() === 'filler,old.json';
        recordAttack(`ENOSPC: ${name}`, { held });
        expect({ name, err: r.err, files: readdirSync(mnt).sort() }).toMatchObject({
          files: ['filler', 'old.json'],
        });
        expect(held).toBe(true);
      }
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});

describe.skipIf(!isRoot)('read-only output folder', () => {
  it('export into a read-only mount: one line naming the file, nothing written', async () => {
    const mnt = tempDir('sec-ro-out');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', mnt]);
    try {
      const r = await cli(['export', 'run-1', join(mnt, 'x.json')]);
      const held =
        r.code === 2 && /cannot write .*x\.json: EROFS \(read-only filesystem\)/.test(r.err);
      recordAttack('read-only target: export', { held });
      expect(held).toBe(true);
      expect(existsSync(join(mnt, 'x.json'))).toBe(false);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});

describe('a folder named as the output', () => {
  it('is refused with a line that says to give a file name', async () => {
    const d = join(out, 'adir');
    mkdirSync(d);
    const r = await cli(['export', 'run-1', d, '--force']);
    recordAttack('writer: export onto a folder with --force', {
      held: r.code === 2 && /it is a folder; give a file name/.test(r.err),
    });
    expect(r.err).toMatch(/it is a folder; give a file name/);
  });
});
