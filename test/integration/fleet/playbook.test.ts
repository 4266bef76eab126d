// The fleet for real: namespace hosts with their own sshd, the project's Ansible playbook run by
// Debian's ansible-playbook against them, then `drivewise fleet` (from the bundle) on the fetched
// run files. Hosts: HDD-like (its sshd in a blkio throttle group, measuring on a throttled ext4
// loop device), fast (the default temporary folder on this machine's disk), nearly full (2 GiB
// with about 1.5 GiB free: measured with smaller sizes), one without Node reached as a sudo
// account, one whose folder is full (it fails), and one switched off. One set of playbook runs:
// check mode on the fresh hosts, the run, a rerun that skips measured hosts, an interrupted run,
// an upgrade, the uninstall; then every output of `drivewise fleet`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ext4Loop,
  HDD_LIKE,
  splitLargeRequests,
  throttleDevice,
  throttleUnavailable,
} from '../privileged/loop';
import { nsHostsUnavailable, startFleet, type Fleet } from './hosts';
import { ansible, fullFs, onHost, stopPlaybooks, sudoAccount, tree } from './playbook-kit';
import { everyOutput } from './playbook-outputs';

const skip = nsHostsUnavailable() ?? throttleUnavailable();
if (skip) console.log(`fleet playbook test skipped: ${skip}`);

const repo = process.cwd();
const playbook = join(repo, 'deploy/ansible/playbook.yml');

// Cleaned up in afterAll, newest first: a hook runs even when the test times out (a finally in
// the test would not, and namespaces, sshd, loop devices and the cgroup would outlive it).
const cleanups: (() => void)[] = [];
const later = (fn: () => void): void => void cleanups.push(fn);
afterAll(() => {
  stopPlaybooks();
  for (const fn of cleanups.splice(0).reverse())
    try {
      fn();
    } catch (err) {
      console.error(`fleet test cleanup: ${(err as Error).message}`);
    }
});

interface Setup {
  root: string;
  fleet: Fleet;
  names: string[];
  off: string;
  /** Folders the runs may touch on this machine: the hosts' and the loop devices'. */
  watched: string[];
  common: string[];
  fetched: string;
  tight: string;
}

// One repetition a host: four quick runs at once on two cores took 269 s of the suite at three,
// and what the fleet outputs show (the ranking, the shrunk sizes, failures) needs one. And of
// quick's tests only what the ranking reads: the prediction's drive figures (the queue-depth
// profile's sequential and QD1 random reads, dd's write-and-sync rate) and the felt tasks; the
// nearly full host keeps all of quick, whose bytes are what its sizes are shrunk to fit.
const ONE_REP = '"--repetitions", "1"';
const RANKED = '"--tests", "dd-write,qd-profile,task.app-start,task.du,task.unpack"';
const BENCH_ARGS = `drivewise_bench_args='["--size", "256M", ${ONE_REP}, ${RANKED}]'`;

async function setUp(): Promise<Setup> {
  const root = mkdtempSync('/tmp/dwf-fleet-');
  later(() => rmSync(root, { recursive: true, force: true }));
  // sshd reads the shared authorized key as the account logging in: the sudo account too.
  chmodSync(root, 0o711);
  const tag = randomBytes(2).toString('hex');
  const names = ['hdd', 'fast', 'tight', 'nonode', 'full'].map((k) => `${k}-${tag}`);
  execFileSync(process.execPath, ['scripts/dist-cli.mjs'], { cwd: repo, stdio: 'pipe' });
  const bundle = readdirSync(join(repo, 'release')).find((f) => f.endsWith('-linux-x64.tar.gz'))!;
  const hdd = ext4Loop(3072);
  later(() => hdd.dispose());
  later(splitLargeRequests(hdd.dev));
  const throttle = throttleDevice(hdd.majMin, HDD_LIKE)!;
  later(() => throttle.remove());
  // Nearly full: 2 GiB with about 1.5 GiB free, where quick needs 1.7 GiB at its own sizes.
  const tight = ext4Loop(2048);
  later(() => tight.dispose());
  execFileSync('fallocate', ['-l', '250M', join(tight.mnt, 'data')]);
  const full = join(root, 'full-bench');
  later(fullFs(full));
  const user = `dwf${tag}`;
  later(sudoAccount(user));
  // The host without Node: node is an empty file in its mount namespace.
  const fleet = await startFleet(
    root,
    names,
    (i, argv) => (i === 0 ? throttle.wrap(argv) : argv),
    (i) => (i === 3 ? ['mount --bind /dev/null /usr/bin/node'] : []),
  );
  later(() => fleet.dispose());
  // The sudo account makes Ansible's remote temporary folder as itself.
  chmodSync(fleet.hosts[3]!.srv, 0o1777);
  const off = `off-${tag}`;
  const line = (i: number, more: string) =>
    `${names[i]} ansible_host=${fleet.hosts[i]!.address} ${more}`;
  writeFileSync(
    join(root, 'inventory.ini'),
    [
      '[fleet]',
      line(0, `drivewise_dir=${hdd.mnt} ${BENCH_ARGS}`),
      line(1, BENCH_ARGS),
      // At its own sizes: the run shrinks them to fit (an explicit --size would not shrink).
      line(2, `drivewise_dir=${tight.mnt} drivewise_bench_args='[${ONE_REP}]'`),
      line(3, `ansible_user=${user} ${BENCH_ARGS}`),
      line(4, `drivewise_dir=${full} ${BENCH_ARGS}`),
      // A switched-off host: nothing listens there, so ssh is refused at once.
      `${off} ansible_host=127.0.0.1 ansible_port=1`,
      '[fleet:vars]',
      'ansible_user=root',
      `ansible_ssh_private_key_file=${fleet.key}`,
      'ansible_python_interpreter=/usr/bin/python3',
      'ansible_remote_tmp=/srv/.ansible-tmp',
      'drivewise_tmp_parent=/srv',
      '',
    ].join('\n'),
  );
  const fetched = join(root, 'runs/before');
  const watched = [...fleet.hosts.flatMap((h) => [h.opt, h.srv]), hdd.mnt, tight.mnt, full];
  const common = ['-i', join(root, 'inventory.ini'), playbook];
  common.push('-e', `drivewise_bundle=${join(repo, 'release', bundle)}`);
  common.push('-e', `drivewise_fetch_dir=${fetched}`, '-e', 'drivewise_timeout=600');
  return { root, fleet, names, off, watched, common, fetched, tight: tight.mnt };
}

/** Check mode on hosts that never had the CLI: exit 0, nothing written, the full host's failure. */
async function checkOnFreshHosts(s: Setup) {
  const before = s.watched.map(tree);
  const check = await ansible([...s.common, '--check'], s.root);
  console.log(`check mode on fresh hosts: ${check.seconds.toFixed(0)} s`);
  expect(check.code, check.out).toBe(0);
  for (const n of s.names) expect(check.out).toContain(`${n}: would install drivewise-cli-`);
  expect(check.out).toMatch(
    new RegExp(`${s.names[4]}: will fail: not enough space in \\S+ \\(0\\.0 GB free`),
  );
  expect(check.out).toMatch(new RegExp(`${s.names[1]}: the CLI is not installed yet`));
  expect(check.out).toContain(`${s.off}: unreachable: a real run would record it as such`);
  expect(s.watched.map(tree)).toEqual(before);
  expect(existsSync(s.fetched)).toBe(false);
}

/** The run: four hosts measured and fetched, the full one failed, the switched-off one recorded. */
async function measureAll(s: Setup) {
  const run = await ansible([...s.common, '-e', 'drivewise_label=before'], s.root);
  console.log(
    `playbook: exit ${run.code} after ${run.seconds.toFixed(0)} s\n${run.out
      .split('\n')
      .filter((l) => /failed|PLAY RECAP|ok=|fatal|Say what/.test(l))
      .join('\n')}`,
  );
  expect(run.code, run.out).toBe(2);
  const stamp = '\\.\\d{8}T\\d{6}Z\\.json';
  const files = readdirSync(s.fetched).sort();
  expect(files).toHaveLength(6);
  for (const n of s.names.slice(0, 4))
    expect(files.filter((f) => new RegExp(`^${n}${stamp}$`).test(f))).toHaveLength(1);
  expect(files).toEqual(
    expect.arrayContaining([`${s.names[4]}.failed.json`, `${s.off}.failed.json`]),
  );
  expect(run.out).toMatch(new RegExp(`${s.off} failed: unreachable, last tried \\d{4}-`));
  expect(run.out).toMatch(new RegExp(`${s.names[4]} failed: .*(free|space)`, 'i'));
  // The host without Node ran the bundle's own, reached as a sudo account.
  const nonode = s.fleet.hosts[3]!;
  expect(onHost(s.fleet, nonode, 'node --version >/dev/null 2>&1 || echo none')).toBe('none\n');
  // Nothing left on the hosts but the CLI (and Ansible's own, empty, remote tmp base).
  for (const h of s.fleet.hosts) {
    expect(readdirSync(h.srv).filter((e) => e !== '.ansible-tmp')).toEqual([]);
    expect(tree(join(h.srv, '.ansible-tmp'))).toEqual([]);
    expect(readdirSync(h.opt)).toEqual(['drivewise']);
  }
  expect(readdirSync(s.tight).filter((e) => e !== 'lost+found')).toEqual(['data']);
}

/** A rerun that skips hosts measured within a day benches nothing and fetches nothing. */
async function skipsMeasured(s: Setup) {
  const before = readdirSync(s.fetched).sort();
  const again = await ansible(
    [...s.common, '--tags', 'measure', '-e', 'drivewise_skip_measured_days=1'],
    s.root,
  );
  console.log(`rerun skipping measured hosts: ${again.seconds.toFixed(0)} s`);
  for (const n of s.names.slice(0, 4))
    expect(again.out).toMatch(new RegExp(`${n}: skipped, measured within 1 day\\(s\\)`));
  expect(again.out).not.toMatch(
    /TASK \[drivewise : Run the benchmark profile[^\n]*\n(changed|ok):/,
  );
  const runs = (l: string[]) => l.filter((f) => !f.endsWith('.failed.json'));
  expect(runs(readdirSync(s.fetched).sort())).toEqual(runs(before));
}

/** Ctrl-C while two hosts measure: no process and no folder stays on either (asked over ssh). */
async function interrupted(s: Setup) {
  const hosts = [s.fleet.hosts[1]!, s.fleet.hosts[3]!];
  const before = readdirSync(s.fetched).sort();
  const measuring = () =>
    hosts.every((h) => readdirSync(h.srv).some((e) => e.startsWith('drivewise-dir-')));
  const cut = await ansible(
    [...s.common, '--tags', 'measure', '--limit', hosts.map((h) => h.name).join(',')],
    s.root,
    measuring,
  );
  const t0 = Date.now();
  const left = (h: (typeof hosts)[number]) =>
    onHost(
      s.fleet,
      h,
      "pgrep -af '[/]opt/drivewise' ; find /srv -mindepth 1 -not -path '/srv/.ansible-tmp' -print",
    ).trim();
  let rest = hosts.map(left);
  while (rest.some(Boolean) && Date.now() - t0 < 60_000) {
    await new Promise((r) => setTimeout(r, 1000));
    rest = hosts.map(left);
  }
  console.log(
    `interrupted after ${cut.seconds.toFixed(0)} s (exit ${cut.code}); hosts clean ${((Date.now() - t0) / 1000).toFixed(0)} s later`,
  );
  expect(cut.out).toMatch(/TASK \[drivewise : Run the benchmark profile/);
  expect(rest).toEqual(['', '']);
  expect(readdirSync(s.fetched).sort()).toEqual(before);
}

/** A 0.1.1 bundle (the same files, another version) replaces 0.1.0 on a host. */
async function upgrades(s: Setup) {
  const dir = join(s.root, 'b011');
  const top = join(dir, 'drivewise-cli-0.1.1-linux-x64');
  cpSync(join(repo, 'release/drivewise-cli-0.1.0-linux-x64'), top, { recursive: true });
  writeFileSync(join(top, 'VERSION'), '0.1.1\n');
  const tgz = join(s.root, 'drivewise-cli-0.1.1-linux-x64.tar.gz');
  execFileSync('sh', [
    '-c',
    `tar -C "${dir}" -cf - drivewise-cli-0.1.1-linux-x64 | gzip -1 > "${tgz}"`,
  ]);
  const fast = s.fleet.hosts[1]!;
  const up = await ansible(
    [...s.common, '--tags', 'install', '--limit', fast.name, '-e', `drivewise_bundle=${tgz}`],
    s.root,
  );
  expect(up.code, up.out).toBe(0);
  expect(onHost(s.fleet, fast, 'head -n 1 /opt/drivewise/VERSION')).toBe('0.1.1\n');
  expect(onHost(s.fleet, fast, '/opt/drivewise/bin/drivewise --help >/dev/null && echo runs')).toBe(
    'runs\n',
  );
}

describe.skipIf(skip !== null)('a fleet through the Ansible playbook', () => {
  it('check, measure, skip, interrupt, upgrade, uninstall; every host in every output', async () => {
    const t0 = Date.now();
    const s = await setUp();
    await checkOnFreshHosts(s);
    await measureAll(s);
    await skipsMeasured(s);
    await interrupted(s);
    await upgrades(s);
    const gone = await ansible([...s.common, '--tags', 'uninstall'], s.root);
    // The switched-off host fails (exit 2), the others are cleaned; no record is left for it.
    expect(gone.code, gone.out).toBe(2);
    expect(gone.out).toMatch(/off-[0-9a-f]+\s*:.*failed=1/);
    expect(gone.out).not.toMatch(/(hdd|fast|tight|nonode|full)-[0-9a-f]+\s*:.*failed=[1-9]/);
    for (const h of s.fleet.hosts) expect(readdirSync(h.opt)).toEqual([]);
    await everyOutput(repo, s.fetched, s.root, [...s.names, s.off]);
    console.log(`fleet playbook test: ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  }, 600_000);
});
