import * as endpoints from '@punkto/contracts/endpoints/session';
import { api } from '../../../lib/api/api-client';

/** POST /users/logout: ends the session and clears the cookies. */
export async function logout(): Promise<void> {
  await api.call(endpoints.logout);
}
