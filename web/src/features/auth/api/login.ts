import type { LoginRequest, SessionResponse } from '@punkto/contracts/identity';
import * as endpoints from '@punkto/contracts/endpoints/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/login: sets the session cookies, answers with the profile and the access token expiry. */
export function login(body: LoginRequest): Promise<SessionResponse> {
  return api.call(endpoints.login, { body });
}
