import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/program';
import { createServices } from '../../../src/main/create-services';
import { createDispatch, createHandlers } from '../../../src/main/router';
import { drivesListResult } from '../../../src/shared/contract/drives';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const services = () => {
  const configDir = mkdtempSync(join(tmpdir(), 'dw-drives-cli-'));
  made.push(configDir);
  return createServices({ configDir, env: { HOME: '/root' } });
};

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    { out: (s) => void (out += s), err: (s) => void (err += s) },
    services(),
  );
  return { code, out, err };
}

describe('drivewise drives', () => {
  it('--for /nonexistent: one-line error, exit code 2', async () => {
    const r = await cli('drives', '--for', '/nonexistent');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'drivewise: /nonexistent: no such directory — create it first or choose an existing folder on the drive\n',
    );
    expect(r.out).toBe('');
  });
  it('--for /dev/shm: the not-a-drive warning', async () => {
    const r = await cli('drives', '--for', '/dev/shm');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^warning: \/dev\/shm: it is on tmpfs.*would not measure a drive$/m);
  });
  it('--json prints what the contract describes; text names the system drive', async () => {
    const j = await cli('drives', '--json');
    expect(j.code).toBe(0);
    const parsed = drivesListResult.parse(JSON.parse(j.out));
    expect(parsed.drives.some((d) => d.isSystem)).toBe(true);
    const t = await cli('drives');
    expect(t.out).toMatch(/\[system drive: \//);
    expect(t.out).toMatch(/^Machine: /m);
  });
});

describe('drives.* over the router', () => {
  const dispatch = createDispatch(createHandlers(services()));
  it('lists drives and the machine', async () => {
    const r = await dispatch('drives.list', {});
    expect(r.ok).toBe(true);
  });
  it('answers a bad path with a one-line error and a bad payload with a validation error', async () => {
    expect(await dispatch('drives.resolve', { path: '/nonexistent' })).toEqual({
      ok: false,
      error:
        '/nonexistent: no such directory — create it first or choose an existing folder on the drive',
    });
    const bad = await dispatch('drives.resolve', { path: '' });
    expect(bad.ok).toBe(false);
  });
});
