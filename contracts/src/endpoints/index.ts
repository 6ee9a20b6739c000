import type { Endpoint } from '../endpoint';
import * as analytics from './analytics';
import * as billing from './billing';
import * as cards from './cards';
import * as customers from './customers';
import * as expiry from './expiry';
import * as exports from './exports';
import * as identity from './identity';
import * as messages from './messages';
import * as notification from './notification';
import * as platform from './platform';
import * as referrals from './referrals';
import * as surveys from './surveys';
import * as tenant from './tenant';

/** Every implemented endpoint; the OpenAPI document and the route-coverage test iterate this list. */
export const allEndpoints: Endpoint[] = [
  ...Object.values(platform),
  ...Object.values(identity),
  ...Object.values(tenant),
  ...Object.values(notification),
  ...Object.values(messages),
  ...Object.values(cards),
  ...Object.values(customers),
  ...Object.values(exports),
  ...Object.values(surveys),
  ...Object.values(analytics),
  ...Object.values(billing),
  ...Object.values(referrals),
  ...Object.values(expiry),
];
