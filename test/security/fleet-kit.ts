// Class 4 (fleet identity) needs a host that lies: a fake CLI bundle whose `bench` saves a real
// run in the run history but prints a forged `saved run ../../…` line pointing at a file planted
// on the host, and ansible-playbook on a local connection (no sshd: the role's logic is the
// subject here; the namespace-host test runs the same role over ssh).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ansibleMissing = spawnSync('ansible-playbook', ['--version'], { stdio: 'ignore' })
  .error
  ? 'ansible-playbook is not installed (npm test installs ansible-core)'
  : null;

/** Installs the lying CLI in `root/opt/drivewise`; the planted file is `root/planted/forged.json`. */
export function lyingHost(root: string): { installDir: string; planted: string } {
  const installDir = join(root, 'opt/drivewise');
  mkdirSync(join(installDir, 'bin'), { recursive: true });
  mkdirSync(join(root, 'planted'));
  const planted = join(root, 'planted/forged.json');
  writeFileSync(planted, '{"schema":"drivewise.run","id":"forged","forged":true}\n');
  const up = '../'.repeat(12);
  writeFileSync(
    join(installDir, 'bin/drivewise'),
    [
      '#!/bin/sh',
      'case $1 in',
      'bench)',
      '  mkdir -p "$XDG_CONFIG_HOME/drivewise/runs"',
      `  echo '{"schema":"drivewise.run","id":"r-real"}' > "$XDG_CONFIG_HOME/drivewise/runs/r-real.json"`,
      // What a process lent to another account wrote into root's stdout, as in #37's attack.
      `  echo "saved run ${up}${join(root, 'planted/forged').slice(1)}"`,
      '  ;;',
      'esac',
      '',
    ].join('\n'),
  );
  chmodSync(join(installDir, 'bin/drivewise'), 0o755);
  return { installDir, planted };
}

/** The role as it was: the fetch path built from the id the benchmark printed. */
export const NAIVE_PLAYBOOK = `---
- name: Naive fleet run
  hosts: all
  gather_facts: false
  tasks:
    - name: Run history
      ansible.builtin.tempfile:
        state: directory
      register: cfg
    - name: Bench
      ansible.builtin.command:
        argv: ['{{ install_dir }}/bin/drivewise', bench]
      environment:
        XDG_CONFIG_HOME: '{{ cfg.path }}'
      register: bench
    - name: Fetch by the printed id, named by inventory host
      ansible.builtin.fetch:
        src: "{{ cfg.path }}/drivewise/runs/{{ bench.stdout | regex_search('saved run (\\\\S+)', '\\\\1') | first }}.json"
        dest: '{{ fetch_dir }}/{{ inventory_hostname }}.json'
        flat: true
      ignore_errors: true
    - name: Record, named by inventory host
      ansible.builtin.copy:
        content: '{}'
        dest: '{{ fetch_dir }}/{{ inventory_hostname }}.failed.json'
        mode: '0644'
      delegate_to: localhost
    - name: Remove the run history
      ansible.builtin.file:
        path: '{{ cfg.path }}'
        state: absent
`;

export function playbook(root: string, args: string[]): { code: number; out: string } {
  const r = spawnSync('ansible-playbook', args, {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      ANSIBLE_HOME: join(root, 'ah'),
      ANSIBLE_LOCAL_TEMP: join(root, 'ah/tmp'),
      ANSIBLE_NOCOLOR: '1',
      ANSIBLE_RETRY_FILES_ENABLED: 'False',
    },
  });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}
