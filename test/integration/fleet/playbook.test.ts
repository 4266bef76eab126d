// The fleet for real: three namespace hosts with their own sshd, the project's Ansible playbook
// run by Debian's ansible-playbook against them, then `drivewise fleet` (from the bundle) on the
// fetched run files. Hosts: HDD-like (its sshd in a blkio throttle group, measuring on a
// throttled ext4 loop device), fast (the default temporary folder on this machine's disk) and one
// that fails (its folder on a full filesystem).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ext4Loop,
  HDD_LIKE,
  splitLargeRequests,
  throttleDevice,
  throttleUnavailable,
} from '../privileged/loop';
import { nsHostsUnavailable, startFleet, type Fleet } from './hosts';

const skip = nsHostsUnavailable() ?? throttleUnavailable();
if (skip) console.log(`fleet playbook test skipped: ${skip}`);

const repo = process.cwd();

// Cleaned up in afterAll, newest first: a hook runs even when the test times out (a finally in
// the test would not, and namespaces, sshd, loop devices and the cgroup would outlive it).
const cleanups: (() => void)[] = [];
const later = (fn: () => void): void => void cleanups.push(fn);
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  for (const fn of cleanups.splice(0).reverse())
    try {
      fn();
    } catch (err) {
      console.error(`fleet test cleanup: ${(err as Error).message}`);
    }
});
const playbook = join(repo, 'deploy/ansible/playbook.yml');

/** Every path under `dir` (hidden ones too), to compare before and after a run. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(relative(dir, p));
      if (e.isDirectory() && !e.isSymbolicLink()) walk(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

function ansible(args: string[], root: string): Promise<{ code: number; out: string }> {
  const env = {
    ...process.env,
    ANSIBLE_HOME: join(root, 'ansible-home'),
    ANSIBLE_LOCAL_TEMP: join(root, 'ansible-local'),
    ANSIBLE_HOST_KEY_CHECKING: 'False',
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_RETRY_FILES_ENABLED: 'False',
    // One ssh session per task instead of several (the README recommends it for fleets too).
    ANSIBLE_PIPELINING: 'True',
    // No ssh master left behind: each connection ends with its task.
    ANSIBLE_SSH_ARGS: '-o ControlMaster=no -o UserKnownHostsFile=/dev/null',
  };
  return new Promise((resolve) => {
    const p = spawn('ansible-playbook', args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('close', (code) => {
      children.delete(p);
      resolve({ code: code ?? -1, out });
    });
  });
}

function inventory(f: Fleet, dirs: (string | null)[]): string {
  const lines = f.hosts.map(
    (h, i) => `${h.name} ansible_host=${h.address}${dirs[i] ? ` drivewise_dir=${dirs[i]}` : ''}`,
  );
  return [
    '[fleet]',
    ...lines,
    // A switched-off host: nothing listens there, so ssh is refused at once.
    `${f.hosts[0]!.name.replace(/^hdd-/, 'off-')} ansible_host=127.0.0.1 ansible_port=1`,
    '[fleet:vars]',
    'ansible_user=root',
    `ansible_ssh_private_key_file=${f.key}`,
    'ansible_python_interpreter=/usr/bin/python3',
    'ansible_remote_tmp=/srv/.ansible-tmp',
    'drivewise_tmp_parent=/srv',
    '',
  ].join('\n');
}

/** A tmpfs of 16 MiB, filled to the last block. */
function fullFs(dir: string): () => void {
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=1777', 'tmpfs', dir]);
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(dir, 'fill')}`, 'bs=1M', 'status=none']);
  } catch {
    /* ENOSPC: full, as wanted */
  }
  return () => execFileSync('umount', [dir]);
}

describe.skipIf(skip !== null)('a fleet through the Ansible playbook', () => {
  it('fetches two runs, reports the full host, ranks the HDD-like host first', async () => {
    const root = mkdtempSync('/tmp/dwf-fleet-');
    later(() => rmSync(root, { recursive: true, force: true }));
    const tag = randomBytes(2).toString('hex');
    const names = [`hdd-${tag}`, `fast-${tag}`, `full-${tag}`];
    const t0 = Date.now();
    execFileSync(process.execPath, ['scripts/dist-cli.mjs'], { cwd: repo, stdio: 'pipe' });
    const bundle = readdirSync(join(repo, 'release')).find((f) => f.endsWith('-linux-x64.tar.gz'))!;
    const hdd = ext4Loop(3072);
    later(() => hdd.dispose());
    const unsplit = splitLargeRequests(hdd.dev);
    later(unsplit);
    const throttle = throttleDevice(hdd.majMin, HDD_LIKE)!;
    later(() => throttle.remove());
    later(fullFs(join(root, 'full-bench')));
    const fleet = await startFleet(root, names, (i, argv) =>
      i === 0 ? throttle.wrap(argv) : argv,
    );
    later(() => fleet.dispose());
    writeFileSync(
      join(root, 'inventory.ini'),
      inventory(fleet, [hdd.mnt, null, join(root, 'full-bench')]),
    );
    const common = [
      '-i',
      join(root, 'inventory.ini'),
      playbook,
      '-e',
      `drivewise_bundle=${join(repo, 'release', bundle)}`,
    ];
    const fetched = join(root, 'runs/before');
    const run = await ansible(
      [
        ...common,
        '-e',
        `drivewise_fetch_dir=${fetched}`,
        '-e',
        'drivewise_label=before',
        '-e',
        'drivewise_timeout=600',
        // Smaller files: the quick profile as it is, in less of the test's time on the HDD.
        '-e',
        '{"drivewise_bench_args": ["--size", "256M"]}',
      ],
      root,
    );
    console.log(
      `playbook: exit ${run.code} after ${((Date.now() - t0) / 1000).toFixed(0)} s\n${run.out
        .split('\n')
        .filter((l) => /failed|PLAY RECAP|ok=|fatal/.test(l))
        .join('\n')}`,
    );
    // One host failed (exit 2), with its reason; the other two were measured and fetched.
    expect(run.code).toBe(2);
    const off = `off-${tag}`;
    // Runs are named by host and date (a rerun adds one); failures and unreachable hosts by host.
    const stamp = '\\.\\d{8}T\\d{6}Z\\.json';
    const files = readdirSync(fetched).sort();
    expect(files).toHaveLength(4);
    for (const want of [`${names[0]}${stamp}`, `${names[1]}${stamp}`])
      expect(files.filter((f) => new RegExp(`^${want}$`).test(f))).toHaveLength(1);
    expect(files).toEqual(
      expect.arrayContaining([`${names[2]}.failed.json`, `${off}.failed.json`]),
    );
    expect(run.out).toMatch(new RegExp(`${off} failed: unreachable, last tried \\d{4}-`));
    expect(run.out).toMatch(new RegExp(`${names[2]} failed: .*(free|space)`, 'i'));
    expect(run.out).toMatch(new RegExp(`${names[2]}\\s*:.*failed=1`));
    // Nothing left on the hosts but the CLI (and Ansible's own, empty, remote tmp base).
    for (const h of fleet.hosts) {
      expect(readdirSync(h.srv).filter((e) => e !== '.ansible-tmp')).toEqual([]);
      expect(tree(join(h.srv, '.ansible-tmp'))).toEqual([]);
      expect(readdirSync(h.opt)).toEqual(['drivewise']);
    }
    expect(readdirSync(hdd.mnt).filter((e) => e !== 'lost+found')).toEqual([]);
    await checkWritesNothing(fleet, common, root, [hdd.mnt, join(root, 'full-bench'), fetched]);
    await skipsMeasured(common, fetched, root, names);
    console.log(`check mode done at ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const gone = await ansible([...common, '--tags', 'uninstall'], root);
    // The switched-off host fails (exit 2), the others are cleaned; no record is left for it.
    expect(gone.code, gone.out).toBe(2);
    expect(gone.out).toMatch(/off-[0-9a-f]+\s*:.*failed=1/);
    expect(gone.out).not.toMatch(/(hdd|fast|full)-[0-9a-f]+\s*:.*failed=[1-9]/);
    for (const h of fleet.hosts) expect(readdirSync(h.opt)).toEqual([]);
    rankedByTheFleet(repo, fetched, names);
    console.log(`fleet playbook test: ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  }, 540_000);
});

/** A rerun that skips hosts measured within a day benches nothing and fetches nothing. */
async function skipsMeasured(common: string[], fetched: string, root: string, names: string[]) {
  const before = readdirSync(fetched).sort();
  const again = await ansible(
    [
      ...common,
      '--tags',
      'measure',
      '-e',
      `drivewise_fetch_dir=${fetched}`,
      '-e',
      'drivewise_skip_measured_days=1',
    ],
    root,
  );
  for (const n of names.slice(0, 2))
    expect(again.out).toMatch(new RegExp(`${n}: skipped, measured within 1 day\\(s\\)`));
  expect(again.out).not.toMatch(
    /TASK \[drivewise : Run the benchmark profile\][^\n]*\n(changed|ok):/,
  );
  expect(
    readdirSync(fetched)
      .sort()
      .filter((f) => !f.endsWith('.failed.json')),
  ).toEqual(before.filter((f) => !f.endsWith('.failed.json')));
}

async function checkWritesNothing(f: Fleet, common: string[], root: string, more: string[]) {
  const dirs = [...f.hosts.flatMap((h) => [h.opt, h.srv]), ...more];
  const before = dirs.map(tree);
  const check = await ansible(
    [
      ...common,
      '--check',
      '--tags',
      'measure',
      '-e',
      `drivewise_fetch_dir=${join(root, 'runs/check')}`,
    ],
    root,
  );
  expect(check.code, check.out).toBe(0);
  expect(check.out).toMatch(/about [\d.]+ min, needs [\d.]+ GB free/);
  // The full host is told apart: what a real run would do is fail for want of space.
  expect(check.out).toMatch(/full-[0-9a-f]+: will fail: not enough space in \S+ \(0\.0 GB free/);
  expect(dirs.map(tree)).toEqual(before);
  expect(existsSync(join(root, 'runs/check'))).toBe(false);
}

function rankedByTheFleet(repo: string, fetched: string, names: string[]) {
  const cli = join(repo, 'release/drivewise-cli-0.1.0-linux-x64/bin/drivewise');
  const out = execFileSync(cli, ['fleet', fetched, '--json'], { encoding: 'utf8' });
  const r = JSON.parse(out) as {
    hosts: {
      host: string;
      hoursPerYear: number | null;
      flags: string[];
      machineId: string | null;
    }[];
    skipped: unknown[];
    failed: { host: string; why: string }[];
  };
  console.log(execFileSync(cli, ['fleet', fetched], { encoding: 'utf8' }));
  expect(r.hosts.map((h) => h.host)).toEqual([names[0], names[1]]);
  expect(r.hosts[0]!.hoursPerYear).toBeGreaterThan(0);
  const fast = r.hosts[1]!;
  expect(fast.flags.some((f) => f === 'little-gain' || f === 'ssd')).toBe(true);
  // Clones: both runs carry the same machine id, told apart by inventory name.
  expect(r.hosts[0]!.machineId).toMatch(/^[0-9a-f]{32}$/);
  expect(r.hosts[0]!.machineId).toBe(fast.machineId);
  expect(r.skipped).toEqual([]);
  // The host the playbook could not measure is listed with its reason, not ranked.
  // Every inventory host appears: the one it could not reach too, with when it was tried.
  expect(r.failed.sort((a, b) => a.host.localeCompare(b.host))).toEqual([
    expect.objectContaining({
      host: names[2],
      why: expect.stringMatching(/free|space/i) as string,
    }),
    expect.objectContaining({
      host: names[2]!.replace(/^full-/, 'off-'),
      why: expect.stringMatching(
        /^unreachable \(.*refused.*\), last tried \d{4}-\d\d-\d\d/,
      ) as string,
    }),
  ]);
}
