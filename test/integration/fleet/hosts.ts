// Small "machines" for the fleet test: each a network namespace joined to this one by a veth pair
// on a /30 of a private range the test picks at random, with its own UTS namespace (host name)
// and mount namespace (its own /opt and /srv, bound from the test's folder), running
// Debian's sshd on its own address with a generated key. The machine id stays shared: clones.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NsHost {
  name: string;
  ns: string;
  address: string;
  /** Bound over /opt (the install) and /srv (the temporary folders) inside the host. */
  opt: string;
  srv: string;
  sshd: ChildProcess;
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: 'pipe' });

/** Why namespace hosts cannot run here, or null. */
export function nsHostsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root';
  for (const [bin, what] of [
    ['/usr/sbin/sshd', 'openssh-server'],
    ['/usr/bin/ssh', 'openssh-client'],
    ['/usr/bin/ansible-playbook', 'ansible-core'],
    ['/usr/bin/unshare', 'util-linux'],
  ] as const)
    if (!existsSync(bin)) return `needs ${bin} (${what})`;
  const probe = `dwf-probe-${randomBytes(3).toString('hex')}`;
  try {
    run('ip', ['netns', 'add', probe]);
    run('ip', ['netns', 'del', probe]);
  } catch (err) {
    return `network namespaces unavailable: ${String((err as Error).message).split('\n')[0]}`;
  }
  return null;
}

export interface Fleet {
  tag: string;
  root: string;
  key: string;
  hosts: NsHost[];
  /** Namespaces made so far, whether or not their host came up. */
  namespaces: string[];
  dispose(): void;
}

function sshdConfig(dir: string, address: string, authorized: string): string {
  return [
    `ListenAddress ${address}`,
    'Port 22',
    `HostKey ${join(dir, 'host_key')}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${authorized}`,
    'PermitRootLogin prohibit-password',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'StrictModes no',
    'Subsystem sftp /usr/lib/openssh/sftp-server',
    '',
  ].join('\n');
}

async function waitForPort(address: string, ms: number): Promise<void> {
  const { connect } = await import('node:net');
  const t0 = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((res) => {
      const s = connect({ host: address, port: 22 }, () => (s.destroy(), res(true)));
      s.on('error', () => res(false));
    });
    if (ok) return;
    if (Date.now() - t0 > ms) throw new Error(`sshd on ${address} did not start within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts one host per name. `wrap(i, argv)` may put a host's sshd into a cgroup (the HDD-like
 * one): every process of that host, the benchmark included, descends from it. `prelude(i)` adds
 * shell commands run in the host's namespaces before its sshd (e.g. hiding a program).
 */
export async function startFleet(
  root: string,
  names: string[],
  wrap: (i: number, argv: string[]) => string[] = (_, a) => a,
  prelude: (i: number) => string[] = () => [],
): Promise<Fleet> {
  const tag = randomBytes(3).toString('hex');
  const net = `10.${randomInt(64, 250)}.${randomInt(0, 250)}`;
  const key = join(root, 'client_key');
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', `dwf-${tag}`, '-f', key]);
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const hosts: NsHost[] = [];
  const fleet: Fleet = {
    tag,
    root,
    key,
    hosts,
    namespaces: [],
    dispose: () => disposeFleet(fleet),
  };
  try {
    for (const [i, name] of names.entries())
      await startHost(fleet, net, i, name, (argv) => wrap(i, argv), prelude(i));
  } catch (err) {
    fleet.dispose();
    throw err;
  }
  return fleet;
}

async function startHost(
  f: Fleet,
  net: string,
  i: number,
  name: string,
  wrap: (argv: string[]) => string[],
  prelude: string[],
): Promise<NsHost> {
  const ns = `dwf-${f.tag}-${i}`;
  const [outer, inner] = [`dwf${f.tag}h${i}`, `dwf${f.tag}n${i}`];
  const [a, b] = [`${net}.${i * 4 + 1}`, `${net}.${i * 4 + 2}`];
  run('ip', ['netns', 'add', ns]);
  f.namespaces.push(ns);
  run('ip', ['link', 'add', outer, 'type', 'veth', 'peer', 'name', inner]);
  run('ip', ['link', 'set', inner, 'netns', ns]);
  run('ip', ['addr', 'add', `${a}/30`, 'dev', outer]);
  run('ip', ['link', 'set', outer, 'up']);
  run('ip', ['-n', ns, 'addr', 'add', `${b}/30`, 'dev', inner]);
  run('ip', ['-n', ns, 'link', 'set', inner, 'up']);
  run('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
  const dir = join(f.root, name);
  const opt = join(dir, 'opt');
  const srv = join(dir, 'srv');
  for (const d of [opt, srv]) mkdirSync(d, { recursive: true });
  run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  writeFileSync(join(dir, 'sshd_config'), sshdConfig(dir, b, `${f.key}.pub`));
  const script = [
    `hostname ${name}`,
    `mount --bind ${opt} /opt`,
    `mount --bind ${srv} /srv`,
    ...prelude,
    `exec /usr/sbin/sshd -D -e -f ${join(dir, 'sshd_config')}`,
  ].join(' && ');
  const argv = wrap(['ip', 'netns', 'exec', ns, 'unshare', '--uts', '--mount', 'sh', '-c', script]);
  const sshd = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  const host: NsHost = { name, ns, address: b, opt, srv, sshd };
  f.hosts.push(host);
  await waitForPort(b, 15_000);
  return host;
}

function disposeFleet(f: Fleet): void {
  for (const h of f.hosts) {
    if (h.sshd.exitCode === null && h.sshd.signalCode === null) h.sshd.kill('SIGTERM');
  }
  for (const ns of f.namespaces) {
    const i = ns.slice(ns.lastIndexOf('-') + 1);
    // Deleting the namespace deletes the veth pair with it; the outer end too, to be sure.
    try {
      run('ip', ['netns', 'del', ns]);
    } catch {
      /* never made */
    }
    try {
      run('ip', ['link', 'del', `dwf${f.tag}h${i}`]);
    } catch {
      /* gone with the namespace */
    }
  }
}
