import { createCaptcha } from './captcha/captcha-config';
import { serviceModule } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes, type IdentityDeps } from './app';
import { loadIdentityConfig } from './config';
import { argon2idHasher } from './security/password-hasher';

// the adapters the environment selects (runtime/infrastructure.ts, CAPTCHA_PROVIDER)
const withAdapters = <D extends IdentityDeps>(deps: D): IdentityDeps => ({
  ...deps,
  captcha: createCaptcha(deps.config),
  hasher: argon2idHasher(),
});

/** The identity service as a module a process hosts (its own `main.ts`, or several in one process: ADR 0028). */
export const identityModule = serviceModule({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  buildService: (deps) => buildService(withAdapters(deps)),
  relayRoutes,
  issuesAccessTokens: true,
});
