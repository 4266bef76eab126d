// The engine's synthetic modules take their id, title, tool and estimates from the catalogue the
// Plan step shows, so the app, the CLI and the run document name a test the same way.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, PROFILES } from '../../../../../src/shared/bench/catalogue';
import { estimateBytes, estimateSeconds } from '../../../../../src/shared/bench/estimates';
import { findModule, syntheticModules } from '../../../../../src/main/engine/worker/registry';
import { synthetic } from '../../../../../src/main/engine/worker/benchmarks/common';

describe('synthetic modules and the catalogue', () => {
  it('one module per catalogue entry, in its order, with its title and tool', () => {
    expect(syntheticModules.map((m) => [m.id, m.title, m.tool, m.kind])).toEqual(
      CATALOGUE.map((c) => [c.id, c.title, c.tool, 'synthetic']),
    );
  });

  it("each module's estimates are the shared ones", () => {
    const sizes = { ...PROFILES.full.sizes };
    for (const c of CATALOGUE) {
      const m = findModule(c.id)!;
      expect(m.estimateSeconds({ repetitions: 3, sizes }), c.id).toBe(
        estimateSeconds(c.id, 3, sizes),
      );
      expect(m.bytesNeeded({ sizes }), c.id).toBe(estimateBytes(c.id, sizes));
    }
  });

  it('an id without a catalogue entry is refused when the module is defined', () => {
    expect(() => synthetic('no-such-test' as never)).toThrow('no-such-test has no catalogue entry');
  });
});
