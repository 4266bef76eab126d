/**
 * Import-cycle check, run by `npm run lint`. Type-only imports count too
 * (tsPreCompilationDeps): a cycle through types still makes two modules that cannot be read,
 * tested or moved one without the other — eslint's import/no-cycle does not see them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a cycle, not even through types.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|build|release|test/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
  },
};
