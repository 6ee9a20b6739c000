import { config } from 'zod/v4/core';

/**
 * The browser never compiles validators with `new Function`: the CSP forbids eval ('unsafe-eval' is not
 * allowed), and zod's probe for it would be reported as a CSP violation. This must run before any schema is
 * built: main.tsx imports it first, and the build puts it in zod's own chunk (vite.config.ts), which runs
 * before the contracts'.
 */
config({ jitless: true });
