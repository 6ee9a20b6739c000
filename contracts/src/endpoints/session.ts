import { defineEndpoint } from '../endpoint';
import { UserProfile } from '../session';

// The session calls the app makes from its start-up code (its profile, signing out): a module of their own
// (endpoints/identity.ts re-exports them) so that this code needs none of the other identity endpoints.

/** `/api/v1/users/<path>`: identity's endpoints for the signed-in person (endpoints/identity.ts shares it) */
export const users = (path: string) => `/api/v1/users/${path}`;
/** what every identity endpoint under `users/` declares alike */
export const usersBase = { owner: 'identity', tags: ['users'] } as const;

export const me = defineEndpoint({
  ...usersBase,
  method: 'get',
  path: users('me'),
  summary: 'Profil zalogowanej osoby',
  auth: 'authenticated',
  response: UserProfile,
});
export const logout = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('logout'),
  summary: 'Wylogowanie; unieważnia sesję i czyści ciasteczka',
  auth: 'public',
});
