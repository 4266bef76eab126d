import { build as viteBuild } from 'vite';
import { buildNode } from './build-node.mjs';

await buildNode();
await viteBuild({ configFile: 'vite.config.mts', logLevel: 'warn' });
console.log('built dist/main and dist/renderer');
