import { build as viteBuild } from 'vite';
import { buildNode } from './build-node.mjs';
import { buildPackageAssets } from './package-assets.mjs';

await buildNode();
buildPackageAssets();
await viteBuild({ configFile: 'vite.config.mts', logLevel: 'warn' });
console.log('built dist/main and dist/renderer');
