// `drivewise bench --size`: its keys, their help and which of them take a unit all come from the
// sizes the tests' modules declare (the registry's SIZE_DEFS); the help once left phaseSeconds out.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_IDS } from '../../../../../src/shared/bench/catalogue';
import { SIZE_KEYS } from '../../../../../src/main/engine/host/bench-cli-command';
import { parseSizes } from '../../../../../src/main/engine/host/bench-cli-sizes';

const MiB = 1024 * 1024;

describe('bench --size', () => {
  it("the built CLI's bench --help lists every size key of the catalogue", () => {
    // dist/main is built by the global setup (scripts/build-node.mjs).
    const r = spawnSync(
      process.execPath,
      [join(process.cwd(), 'dist/main/cli.js'), 'bench', '--help'],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    const listed = /key=value list \(([^)]*)\)/.exec(help)?.[1]?.split(/,\s*/);
    expect(listed).toEqual(SIZE_KEYS);
    // Each key with its words and unit, and each test with its title and tool.
    expect(help).toContain('phaseSeconds Time limit of one measured phase, in s');
    expect(help).toContain('qd-profile Queue-depth profile (fio)');
    // The profiles offered are the one list the contract checks a plan against.
    expect(help).toContain(`(choices: ${PROFILE_IDS.map((p) => `"${p}"`).join(', ')}`);
  });

  it('MiB sizes take a unit, counts and seconds are plain numbers', () => {
    expect(
      parseSizes('dd=1G,bonnieFiles=2,phaseSeconds=5,task.duSeconds=7,task.unpack=8M'),
    ).toEqual({
      dd: 1024 * MiB,
      bonnieFiles: 2,
      phaseSeconds: 5,
      'task.duSeconds': 7,
      'task.unpack': 8 * MiB,
    });
    expect(parseSizes('512M')).toEqual({
      file: 512 * MiB,
      dd: 512 * MiB,
      bonnie: 512 * MiB,
      iozone: 512 * MiB,
    });
  });

  it('a bare number is MiB, as the help says, and a size too small to measure is refused', () => {
    expect(parseSizes('file=1024')).toEqual({ file: 1024 * MiB });
    expect(parseSizes('256')).toMatchObject({ file: 256 * MiB, dd: 256 * MiB });
    expect(parseSizes('dd=1.5G,iozone=64MiB')).toEqual({ dd: 1536 * MiB, iozone: 64 * MiB });
    expect(() => parseSizes('file=128B')).toThrow(
      '--size file=128B: 128 B is too small to measure (at least 1 MiB)',
    );
    expect(() => parseSizes('64k')).toThrow('--size 64k: 64.0 KiB is too small to measure');
    expect(() => parseSizes('file=0.5')).toThrow(/512 KiB is too small/);
    expect(() => parseSizes('file=lots')).toThrow('--size: not a size: "lots"');
    // Byte-at-a-time measures per-call cost: the profiles' 64 KiB is allowed, 8 KiB is not.
    expect(parseSizes('bonnieChar=64K')).toEqual({ bonnieChar: 64 * 1024 });
    expect(() => parseSizes('bonnieChar=8K')).toThrow(
      '--size bonnieChar=8K: 8.0 KiB is too small to measure (at least 16.0 KiB)',
    );
    // 0 leaves them out (bonnie++ -f, as quick does); 0 of a file size is still refused.
    expect(parseSizes('bonnieChar=0')).toEqual({ bonnieChar: 0 });
    expect(parseSizes('bonnieChar=0K')).toEqual({ bonnieChar: 0 });
    expect(() => parseSizes('bonnie=0')).toThrow('--size: not a positive size: "0"');
    // A task's key with no declared unit is a count, as it always was (not 1000 MiB of files).
    expect(parseSizes('task.workloadFiles=1000')).toEqual({ 'task.workloadFiles': 1000 });
  });

  it('an unknown key is refused with the known ones named', () => {
    expect(() => parseSizes('ddd=1G')).toThrow(
      `unknown size key "ddd" (known: ${SIZE_KEYS.join(', ')})`,
    );
    expect(() => parseSizes('phaseSeconds=0')).toThrow(
      '--size phaseSeconds: "0" is not a positive number',
    );
  });
});
