import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/program';
import { createServices } from '../../../src/main/create-services';
import { PrivilegedManager } from '../../../src/main/privileged/manager';
import { isRoot } from './loop';

const config = mkdtempSync(join(tmpdir(), 'dw-admin-cli-'));
afterAll(() => rmSync(config, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
}

describe('drivewise admin', () => {
  it.runIf(isRoot)(
    'gets rights without a prompt as root, checks the helper and gives them back',
    async () => {
      const services = createServices({ host: 'cli', configDir: config });
      const c = io();
      expect(await runCli(['admin'], c.io, services)).toBe(0);
      expect(c.out.join('')).toBe(
        'admin rights: granted — running as root: no password needed\n' +
          'root helper answers (uid 0); it may: drop-caches, raw-read, identify, journal\n',
      );
      expect(services.privileged.status().state).toBe('not-asked');
    },
  );

  it('says in one line why there are no rights, exit code 3', async () => {
    const privileged = new PrivilegedManager({
      uid: 1000,
      runtime: () => ({
        execPath: '/usr/bin/node',
        runAsNode: false,
        script: '/x.js',
        copyScriptOut: false,
      }),
      availability: () => ({
        ok: false,
        reason: 'neither pkexec nor kdesudo is installed (install the pkexec package)',
      }),
      spawnDirect: () => {
        throw new Error('not used');
      },
      sudoExec: () => undefined,
      askTimeoutMs: 1000,
    });
    const c = io();
    const code = await runCli(
      ['admin'],
      c.io,
      createServices({ host: 'cli', configDir: config, privileged }),
    );
    expect(code).toBe(3);
    expect(c.err.join('')).toBe(
      'drivewise: no admin rights: neither pkexec nor kdesudo is installed (install the pkexec package)\n',
    );
  });
});
