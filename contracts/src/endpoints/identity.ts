import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { users, usersBase } from './session';
import {
  AcceptedResponse,
  ChangePasswordRequest,
  DeleteAccountRequest,
  EmailRequest,
  IdentityErrors,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionResponse,
  TokenRequest,
  ActivationResponse,
  UpdateUserRequest,
  UserPreferences,
  UserProfile,
} from '../identity';

const E = IdentityErrors;
const rateLimited = { status: 429, codes: [E.rateLimited.code] } as const;
const invalidToken = { status: 400, codes: [E.invalidToken.code] } as const;
const wrongPassword = { status: 400, codes: [E.wrongPassword.code] } as const;

export const register = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('register'),
  summary: 'Rejestracja właściciela firmy lub klienta (wysyła e-mail aktywacyjny)',
  auth: 'public',
  body: RegisterRequest,
  response: RegisterResponse,
  successStatus: 201,
  errors: [{ status: 400, codes: [E.captchaFailed.code] }, rateLimited],
});
export const activateAccount = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('activate-account'),
  summary: 'Aktywacja konta tokenem z e-maila',
  auth: 'public',
  body: TokenRequest,
  response: ActivationResponse,
  errors: [invalidToken, { status: 409, codes: [E.emailTaken.code] }],
});
export const resendActivation = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('resend-activation'),
  summary: 'Ponowne wysłanie linku aktywacyjnego (odpowiedź nie zdradza, czy konto istnieje)',
  auth: 'public',
  body: EmailRequest,
  response: AcceptedResponse,
  successStatus: 202,
  errors: [rateLimited],
});
export const resendEmailConfirmation = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('resend-email-confirmation'),
  summary: 'Ponowne wysłanie potwierdzenia nowego adresu e-mail',
  auth: 'authenticated',
  response: AcceptedResponse,
  successStatus: 202,
  errors: [{ status: 400, codes: ['AUTH.NO_PENDING_EMAIL_CHANGE'] }, rateLimited],
});
export const login = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('login'),
  summary: 'Logowanie e-mailem i hasłem; ustawia ciasteczka sesji',
  auth: 'public',
  body: LoginRequest,
  response: SessionResponse,
  errors: [{ status: 401, codes: [E.invalidCredentials.code, E.accountNotActive.code] }, rateLimited],
});
export { me } from './session';
export const refresh = defineEndpoint({
  ...usersBase,
  method: 'get',
  path: users('refresh'),
  summary: 'Odświeżenie sesji (rotacja tokenu odświeżania; ponowne użycie starego unieważnia sesję)',
  auth: 'public',
  response: SessionResponse,
  errors: [{ status: 401, codes: [E.refreshFailed.code] }],
});
export { logout } from './session';
export const changePassword = defineEndpoint({
  ...usersBase,
  method: 'patch',
  path: users('change-password'),
  summary: 'Zmiana hasła',
  auth: 'authenticated',
  body: ChangePasswordRequest,
  errors: [wrongPassword],
});
export const updateUser = defineEndpoint({
  ...usersBase,
  method: 'patch',
  path: users('update-user'),
  summary: 'Zmiana imienia, adresu e-mail lub (klient) numeru telefonu',
  auth: 'authenticated',
  body: UpdateUserRequest,
  response: UserProfile,
  errors: [{ status: 400, codes: ['AUTH.EMAIL_UNCHANGED'] }, rateLimited],
});
export const getUserPreferences = defineEndpoint({
  ...usersBase,
  method: 'get',
  path: users('get-user-preferences'),
  summary: 'Preferencje powiadomień i zgód',
  auth: 'authenticated',
  response: UserPreferences,
});
export const updateUserPreferences = defineEndpoint({
  ...usersBase,
  method: 'patch',
  path: users('update-user-preferences'),
  summary: 'Zmiana preferencji',
  auth: 'authenticated',
  body: UserPreferences.partial(),
  response: UserPreferences,
});
export const initiatePasswordReset = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('initiate-password-reset'),
  summary: 'Wysłanie linku do zmiany hasła (odpowiedź nie zdradza, czy konto istnieje)',
  auth: 'public',
  body: EmailRequest,
  response: AcceptedResponse,
  successStatus: 202,
  errors: [rateLimited],
});
export const resetPassword = defineEndpoint({
  ...usersBase,
  method: 'post',
  path: users('reset-password'),
  summary: 'Ustawienie nowego hasła jednorazowym tokenem',
  auth: 'public',
  body: ResetPasswordRequest,
  response: AcceptedResponse,
  errors: [invalidToken],
});
export const deleteMe = defineEndpoint({
  ...usersBase,
  method: 'delete',
  path: users('me'),
  summary: 'Usunięcie konta (dane osobowe w zdarzeniach zostają zniszczone przez usunięcie klucza)',
  auth: 'authenticated',
  body: DeleteAccountRequest,
  errors: [wrongPassword],
});
export const jwks = defineEndpoint({
  ...usersBase,
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: 'Klucze publiczne do weryfikacji tokenów dostępu',
  auth: 'public',
  response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});
