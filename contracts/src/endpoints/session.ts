import { defineEndpoint } from '../endpoint';
import { UserProfile } from '../session';

// The session calls the app makes from its start-up code (its profile, signing out): a module of their own
// (endpoints/identity.ts re-exports them) so that this code needs none of the other identity endpoints.

export const me = defineEndpoint({
  owner: 'identity',
  tags: ['users'],
  method: 'get',
  path: '/api/v1/users/me',
  summary: 'Profil zalogowanej osoby',
  auth: 'authenticated',
  response: UserProfile,
});
export const logout = defineEndpoint({
  owner: 'identity',
  tags: ['users'],
  method: 'post',
  path: '/api/v1/users/logout',
  summary: 'Wylogowanie; unieważnia sesję i czyści ciasteczka',
  auth: 'public',
});
