import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  AcceptedResponse,
  ChangePasswordRequest,
  DeleteAccountRequest,
  EmailRequest,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionResponse,
  TokenRequest,
  UpdateUserRequest,
  UserPreferences,
  UserProfile,
} from '../identity';

const users = (path: string) => `/api/v1/users/${path}`;
const base = { owner: 'identity', tags: ['users'] } as const;

export const register = defineEndpoint({
  ...base,
  method: 'post',
  path: users('register'),
  summary: 'Rejestracja właściciela firmy lub klienta (wysyła e-mail aktywacyjny)',
  auth: 'public',
  body: RegisterRequest,
  response: RegisterResponse,
  successStatus: 201,
});
export const activateAccount = defineEndpoint({
  ...base,
  method: 'post',
  path: users('activate-account'),
  summary: 'Aktywacja konta tokenem z e-maila',
  auth: 'public',
  body: TokenRequest,
  response: AcceptedResponse,
});
export const resendActivation = defineEndpoint({
  ...base,
  method: 'post',
  path: users('resend-activation'),
  summary: 'Ponowne wysłanie linku aktywacyjnego (odpowiedź nie zdradza, czy konto istnieje)',
  auth: 'public',
  body: EmailRequest,
  response: AcceptedResponse,
  successStatus: 202,
});
export const resendEmailConfirmation = defineEndpoint({
  ...base,
  method: 'post',
  path: users('resend-email-confirmation'),
  summary: 'Ponowne wysłanie potwierdzenia nowego adresu e-mail',
  auth: 'authenticated',
  response: AcceptedResponse,
  successStatus: 202,
});
export const login = defineEndpoint({
  ...base,
  method: 'post',
  path: users('login'),
  summary: 'Logowanie e-mailem i hasłem; ustawia ciasteczka sesji',
  auth: 'public',
  body: LoginRequest,
  response: SessionResponse,
});
export const me = defineEndpoint({
  ...base,
  method: 'get',
  path: users('me'),
  summary: 'Profil zalogowanej osoby',
  auth: 'authenticated',
  response: UserProfile,
});
export const refresh = defineEndpoint({
  ...base,
  method: 'get',
  path: users('refresh'),
  summary: 'Odświeżenie sesji (rotacja tokenu odświeżania; ponowne użycie starego unieważnia sesję)',
  auth: 'public',
  response: SessionResponse,
});
export const logout = defineEndpoint({
  ...base,
  method: 'post',
  path: users('logout'),
  summary: 'Wylogowanie; unieważnia sesję i czyści ciasteczka',
  auth: 'public',
});
export const changePassword = defineEndpoint({
  ...base,
  method: 'patch',
  path: users('change-password'),
  summary: 'Zmiana hasła',
  auth: 'authenticated',
  body: ChangePasswordRequest,
});
export const updateUser = defineEndpoint({
  ...base,
  method: 'patch',
  path: users('update-user'),
  summary: 'Zmiana imienia lub adresu e-mail',
  auth: 'authenticated',
  body: UpdateUserRequest,
  response: UserProfile,
});
export const getUserPreferences = defineEndpoint({
  ...base,
  method: 'get',
  path: users('get-user-preferences'),
  summary: 'Preferencje powiadomień i zgód',
  auth: 'authenticated',
  response: UserPreferences,
});
export const updateUserPreferences = defineEndpoint({
  ...base,
  method: 'patch',
  path: users('update-user-preferences'),
  summary: 'Zmiana preferencji',
  auth: 'authenticated',
  body: UserPreferences.partial(),
  response: UserPreferences,
});
export const initiatePasswordReset = defineEndpoint({
  ...base,
  method: 'post',
  path: users('initiate-password-reset'),
  summary: 'Wysłanie linku do zmiany hasła (odpowiedź nie zdradza, czy konto istnieje)',
  auth: 'public',
  body: EmailRequest,
  response: AcceptedResponse,
  successStatus: 202,
});
export const resetPassword = defineEndpoint({
  ...base,
  method: 'post',
  path: users('reset-password'),
  summary: 'Ustawienie nowego hasła jednorazowym tokenem',
  auth: 'public',
  body: ResetPasswordRequest,
  response: AcceptedResponse,
});
export const deleteMe = defineEndpoint({
  ...base,
  method: 'delete',
  path: users('me'),
  summary: 'Usunięcie konta (dane osobowe w zdarzeniach zostają zniszczone przez usunięcie klucza)',
  auth: 'authenticated',
  body: DeleteAccountRequest,
});
export const jwks = defineEndpoint({
  ...base,
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: 'Klucze publiczne do weryfikacji tokenów dostępu',
  auth: 'public',
  response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});
