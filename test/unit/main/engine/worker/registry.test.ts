// A test's module is the one place it is described: the catalogue the Plan step shows, the CLI's
// size keys and the shared-file rule are derived from the registry, so they cannot disagree.
import { describe, expect, it } from 'vitest';
import { PROFILES, SYNTHETIC_TEST_IDS } from '../../../../../src/shared/bench/catalogue';
import {
  FILE_TESTS,
  findModule,
  registry,
  SIZE_DEFS,
  syntheticModules,
} from '../../../../../src/main/engine/worker/registry';
import { benchHandlers } from '../../../../../src/main/engine/host/bench-handlers';
import { createServices } from '../../../../../src/main/create-services';
import { SIZE_KEYS } from '../../../../../src/main/engine/host/bench-cli-command';

const catalogue = async () =>
  benchHandlers(createServices({ configDir: '/nonexistent' }))['bench.catalogue']({});

describe('the registry and what is derived from it', () => {
  it('the tests the profiles run are registered synthetic modules, in registry order', () => {
    const ids: readonly string[] = SYNTHETIC_TEST_IDS;
    expect(syntheticModules.map((m) => m.id).filter((id) => ids.includes(id))).toEqual(ids);
    for (const id of ids) expect(findModule(id)?.kind, id).toBe('synthetic');
    expect(new Set(registry.map((m) => m.id)).size).toBe(registry.length);
  });

  it("the catalogue has one entry per registered test, with the module's words", async () => {
    const c = await catalogue();
    expect(c.tests).toEqual(
      registry.map((m) => ({
        id: m.id,
        title: m.title,
        kind: m.kind,
        tool: m.tool,
        description: m.description,
      })),
    );
    for (const t of c.tests) expect(t.description.length, t.id).toBeGreaterThan(20);
    expect(c.sizes.map((s) => s.key)).toEqual([...SIZE_DEFS.keys()]);
  });

  it('every size a profile sets has words, and the CLI offers each', () => {
    for (const key of Object.keys(PROFILES.full.sizes)) expect(SIZE_KEYS, key).toContain(key);
    expect(SIZE_DEFS.get('task.unpack')?.unit).toBe('MiB');
    expect(SIZE_KEYS.at(-1)).toBe('phaseSeconds');
  });

  it('the shared test file is counted once for the tests that read it', () => {
    for (const id of ['buffered-read', 'seeker', 'qd-profile'])
      expect(FILE_TESTS.has(id), id).toBe(true);
    for (const id of ['cached-read', 'dd-write', 'bonnie', 'iozone', 'task.du'])
      expect(FILE_TESTS.has(id), id).toBe(false);
  });

  it('a module writes at most what its sizes say', () => {
    const s = PROFILES.quick.sizes;
    const bytes = (id: string) => findModule(id)!.bytesNeeded({ sizes: { ...s } });
    expect(bytes('dd-write')).toBe(s.dd);
    expect(bytes('qd-profile')).toBe(s.file);
    // Quick runs bonnie++ -f -n 0 (no per-char file, no small files); the full profile both.
    expect(bytes('bonnie')).toBe(s.bonnie);
    const full = PROFILES.full.sizes;
    expect(findModule('bonnie')!.bytesNeeded({ sizes: { ...full } })).toBeGreaterThan(full.bonnie);
    expect(bytes('cached-read')).toBe(2 * 1024 * 1024);
  });
});
