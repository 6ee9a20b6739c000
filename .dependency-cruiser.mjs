// Import boundaries and cycles (docs/how-a-service-is-built.md, "Boundaries"), checked by `npm run lint`.
// The rules come from scripts/lint/boundaries.js, derived from the directories, so a new service or feature is
// covered the day it is created.
import { boundaryRules } from './scripts/lint/boundaries.js';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: boundaryRules(),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|data)/|web/src/routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
