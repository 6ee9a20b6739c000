import { SessionResponse, type LoginRequest } from '@punkto/contracts/identity';
import { api } from '../../../lib/api/api-client';

/** POST /users/login: sets the session cookies, answers with the profile and the access token expiry. */
export function login(body: LoginRequest): Promise<SessionResponse> {
  return api.post('/users/login', body, { schema: SessionResponse });
}
