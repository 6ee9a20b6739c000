import { createCaptcha } from '@punkto/platform/captcha/captcha-config';
import { bootService } from '@punkto/platform/runtime/boot-service';
import { buildService, relayRoutes, type IdentityDeps } from './app';
import { loadIdentityConfig } from './config';
import { argon2idHasher } from './security/password-hasher';

// composition root: the adapters are the ones the environment selects (runtime/infrastructure.ts, CAPTCHA_PROVIDER)
const withAdapters = <D extends IdentityDeps>(deps: D): IdentityDeps => ({
  ...deps,
  captcha: createCaptcha(deps.config),
  hasher: argon2idHasher(),
});

await bootService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  buildService: (deps) => buildService(withAdapters(deps)),
  relayRoutes,
});
