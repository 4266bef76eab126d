import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTool, systemTool } from '../../../../src/main/privileged/helper-ops';

describe('systemTool', () => {
  const root = mkdtempSync(join(tmpdir(), 'dw-tools-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds executables only in the given system directories, in order', () => {
    const [a, b] = [join(root, 'sbin'), join(root, 'bin')];
    mkdirSync(a);
    mkdirSync(b);
    writeFileSync(join(b, 'smartctl'), '#!/bin/sh\n');
    chmodSync(join(b, 'smartctl'), 0o755);
    writeFileSync(join(a, 'smartctl'), 'not executable');
    chmodSync(join(a, 'smartctl'), 0o644);
    expect(systemTool('smartctl', [a, b])).toBe(join(b, 'smartctl'));
    expect(systemTool('hdparm', [a, b])).toBeNull();
  });
});

describe('runTool', () => {
  it('runs without a shell, with a minimal environment, and reports exit codes', async () => {
    const r = await runTool('/bin/sh', ['-c', 'echo "$PATH|$HOME|$LC_ALL"; exit 3']);
    expect(r.code).toBe(3);
    expect(r.stdout.trim()).toBe('/usr/sbin:/usr/bin:/sbin:/bin||C');
    const quoted = await runTool('/bin/echo', ['$(id)', '; rm -rf /']);
    expect(quoted.stdout.trim()).toBe('$(id) ; rm -rf /');
  });
});
