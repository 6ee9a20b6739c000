import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { toFastifyPath, type ServiceName } from './endpoint';
import { allEndpoints } from './endpoints';

/** A service the gateway can hand a request to (the gateway's own endpoints are answered by itself). */
export type UpstreamService = Exclude<ServiceName, 'gateway'>;

/**
 * What services serve besides the endpoints of our API (contracts/src/endpoints/*), each with why it is not
 * an endpoint there: its paths, methods or authentication are a third party's, or it is no API at all.
 * A path ending in `*` covers everything under it.
 */
export const nonContractRoutes: ReadonlyArray<{
  methods: readonly HTTPMethod[];
  path: string;
  owner: UpstreamService;
  reason: string;
}> = [
  {
    methods: ['GET', 'POST', 'DELETE'],
    path: '/api/v1/passkit/*',
    owner: 'notification',
    reason: "Apple Wallet's PassKit web service: Apple defines its paths, bodies and authentication",
  },
  {
    methods: ['POST'],
    path: '/api/v1/google-wallet/*',
    owner: 'notification',
    reason: "Google Wallet's callbacks (save/delete), signed by Google in Google's format",
  },
  {
    methods: ['POST'],
    path: '/api/v1/payments/notify',
    owner: 'billing',
    reason: "the payment provider's notifications (PayU or the sandbox), signed in the provider's format",
  },
  {
    methods: ['GET', 'POST'],
    path: '/api/v1/payments/sandbox/*',
    owner: 'billing',
    reason: 'the sandbox checkout page, standing in for the payment provider’s own page',
  },
  {
    methods: ['GET', 'POST', 'DELETE'],
    path: '/dev/mailbox*',
    owner: 'notification',
    reason: 'the development mailbox (HTML pages of the e-mails "sent"; embedded adapters only)',
  },
  {
    methods: ['GET', 'POST', 'DELETE'],
    path: '/dev/wallet*',
    owner: 'notification',
    reason: 'the development wallet page (APNs pushes and Google Wallet messages "sent")',
  },
];

type Route = { owner: UpstreamService };

/**
 * The gateway's router (ARCHITECTURE §1), built from every contract endpoint's method, path and `owner` plus
 * `nonContractRoutes`, with Fastify's own router (find-my-way): the same matching as the services' servers
 * (static segments before parameters before wildcards), so no order of rules to keep right.
 */
function buildRouter() {
  // no limit of its own on a parameter's length: the owner's server answers an over-long one (414)
  const router = FindMyWay<FindMyWay.HTTPVersion.V1>({ ignoreTrailingSlash: false, maxParamLength: 65_536 });
  const add = (methods: readonly HTTPMethod[], path: string, owner: ServiceName) => {
    if (owner === 'gateway') return; // answered by the gateway itself, never forwarded
    const store: Route = { owner };
    for (const method of methods) router.on(method, path, () => undefined, store);
  };
  for (const endpoint of allEndpoints) {
    const method = endpoint.method.toUpperCase() as HTTPMethod;
    add(method === 'GET' ? ['GET', 'HEAD'] : [method], toFastifyPath(endpoint.path), endpoint.owner);
  }
  for (const route of nonContractRoutes) add(route.methods, route.path, route.owner);
  return router;
}

const router = buildRouter();
const METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The service that serves `method path` (the query string is ignored); undefined when none does. */
export function routeOf(method: string, path: string): UpstreamService | undefined {
  const pathname = path.split('?')[0] ?? path;
  const found = router.find(method.toUpperCase() as HTTPMethod, pathname);
  return (found?.store as Route | undefined)?.owner;
}

/**
 * The service whose path this is, with any method (undefined when no service has it): a known path with a
 * method it does not take is still its owner's, which answers 405 with the methods it allows.
 */
export function ownerOf(path: string, method = 'GET'): UpstreamService | undefined {
  return routeOf(method, path) ?? allowedMethods(path).map((m) => routeOf(m, path))[0];
}

/** The methods some service serves `path` with (empty when none). */
export function allowedMethods(path: string): HTTPMethod[] {
  return METHODS.filter((method) => routeOf(method, path) !== undefined);
}

/** Default local ports of a service run alone (`SERVICES=<one>`, the distributed mode). */
export const defaultPorts: Record<ServiceName, number> = {
  gateway: 8080,
  identity: 8081,
  tenant: 8082,
  'card-ledger': 8083,
  billing: 8084,
  survey: 8085,
  notification: 8086,
};
