// Tests fork the real engine/helper entry points, so make sure their bundles are current.
// Vitest runs a global setup once for the root config and once for every project that extends it
// (counted: three builds for `--project security`, two for `--project unit`): once per process is
// enough, so the first call's build is shared.
const key = Symbol.for('drivewise.test.buildNode');
const shared = globalThis as { [key]?: Promise<void> };

export default function setup(): Promise<void> {
  shared[key] ??= (async () => {
    // @ts-expect-error plain .mjs build script without types
    const { buildNode } = (await import('../../scripts/build-node.mjs')) as {
      buildNode: () => Promise<void>;
    };
    await buildNode();
  })();
  return shared[key];
}
