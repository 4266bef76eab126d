// Tests fork the real engine/helper entry points, so make sure their bundles are current.
export default async function setup(): Promise<void> {
  // @ts-expect-error plain .mjs build script without types
  const { buildNode } = (await import('../../scripts/build-node.mjs')) as {
    buildNode: () => Promise<void>;
  };
  await buildNode();
}
