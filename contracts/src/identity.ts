import { singleLineText } from './text';
import { z } from 'zod';
import { EnrolmentLinkId } from './enrolment-link-id';
import { Roles } from './permissions';
import { OptionalPhone } from './phone';

/**
 * Identity contracts (SPEC §3, §7). Tokens never appear in bodies: the access token (EdDSA JWT, 30 min) and the
 * rotating refresh token travel in httpOnly cookies; bodies carry the profile and the access token's expiry so
 * the SPA can schedule its refresh (SPEC §9).
 */

export const PASSWORD_RULE_MESSAGE = 'Hasło musi mieć co najmniej 8 znaków, w tym literę i cyfrę.';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Podaj poprawny adres e-mail.').max(254, 'Adres e-mail jest za długi.'));

export const Password = z
  .string()
  .min(8, PASSWORD_RULE_MESSAGE)
  .max(128, 'Hasło może mieć najwyżej 128 znaków.')
  .regex(/\p{L}/u, PASSWORD_RULE_MESSAGE)
  .regex(/\d/, PASSWORD_RULE_MESSAGE);

export const Username = singleLineText()
  .min(2, 'Imię i nazwisko musi mieć co najmniej 2 znaki.')
  .max(100, 'Imię i nazwisko może mieć najwyżej 100 znaków.');

export const PHONE_ONLY_CUSTOMERS_MESSAGE = 'Numer telefonu podaje tylko klient.';
/** an employee's name is the company's to set (ADR 0053) */
export const EMPLOYEE_NAME_BY_COMPANY_MESSAGE =
  'Imię i nazwisko pracownika ustala firma w zakładce „Pracownicy”. Poproś o zmianę osobę zarządzającą firmą.';

/** Roles a person may register with by themselves (employees are invited; operators are provisioned). */
export const SelfRegistrationRole = z.enum([Roles.owner, Roles.customer]);

export { EnrolmentLinkId } from './enrolment-link-id';

/**
 * The program a customer was joining when they chose to sign up (the poster's enrolment page): it travels
 * with the registration into the activation link, so after activation and login the customer is back on that
 * program's join page, without scanning the poster again (issue 33).
 */
export const JoinIntent = z
  .object({ tenantId: EnrolmentLinkId, programId: EnrolmentLinkId })
  .meta({ id: 'JoinIntent' });
export type JoinIntent = z.infer<typeof JoinIntent>;

export const RegisterRequest = z
  .object({
    email: Email,
    password: Password,
    username: Username,
    role: SelfRegistrationRole,
    acceptTerms: z.literal(true, 'Zaakceptuj regulamin, aby założyć konto.'),
    marketingConsent: z.boolean().default(false),
    /**
     * a customer's phone (optional; empty = none), so staff can find the card by it; never verified. Only
     * customers give one: an owner's registration with a phone is refused on this field.
     */
    phone: OptionalPhone.optional(),
    /** a customer signing up from a program's enrolment page: that program (ignored for companies) */
    joining: JoinIntent.optional(),
    captchaToken: z.string().optional(),
  })
  .refine((v) => v.role === Roles.customer || v.phone === undefined || v.phone === null, {
    path: ['phone'],
    message: PHONE_ONLY_CUSTOMERS_MESSAGE,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResponse = z.object({ userId: z.string() }).meta({ id: 'RegisterResponse' });

export const LoginRequest = z
  .object({
    email: Email,
    password: z.string().min(1, 'Podaj hasło.').max(128),
    captchaToken: z.string().optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof LoginRequest>;

export { UserProfile } from './session';

export { SESSION_HINT_COOKIE } from './session-hint';

export { SessionResponse } from './session';

export const TokenRequest = z.object({ token: z.string().min(10, 'Link jest nieprawidłowy.').max(200) });
export const EmailRequest = z.object({ email: Email, captchaToken: z.string().optional() });

export const ResetPasswordRequest = z.object({ token: z.string().min(10).max(200), newPassword: Password });

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Podaj obecne hasło.'),
  newPassword: Password,
});

/** Changing the e-mail sends a confirmation to the new address; the change applies after confirmation. */
export const UpdateUserRequest = z
  .object({
    username: Username.optional(),
    email: Email.optional(),
    /** customers only: a new phone, or empty / null to remove it */
    phone: OptionalPhone.optional(),
  })
  .refine(
    (v) => v.username !== undefined || v.email !== undefined || v.phone !== undefined,
    'Nie podano żadnych zmian.',
  );

export const UserPreferences = z
  .object({
    emailNotifications: z.boolean(),
    marketingConsent: z.boolean(),
    /** company → customer messages in the wallet pass / e-mail */
    companyMessages: z.boolean(),
    /** a short NPS survey by e-mail a few hours after a visit (ADR 0022); accounts from before it: true */
    surveys: z.boolean(),
  })
  .meta({ id: 'UserPreferences' });
export type UserPreferences = z.infer<typeof UserPreferences>;

export const DeleteAccountRequest = z.object({
  password: z.string().min(1, 'Podaj hasło, aby potwierdzić.'),
});

/** Neutral answer of calls that must not reveal whether an e-mail exists. */
export const AcceptedResponse = z.object({ message: z.string() }).meta({ id: 'AcceptedResponse' });

/**
 * POST /users/activate-account: the message, and whether the activated account is a customer's (absent for a
 * confirmed e-mail change), so the page offers the customer login, never the business one (issue 33).
 */
export const ActivationResponse = z
  .object({ message: z.string(), customer: z.boolean().optional() })
  .meta({ id: 'ActivationResponse' });

/** Stable identity error codes with their Polish messages. */
export const IdentityErrors = {
  invalidCredentials: {
    code: 'AUTH.INVALID_CREDENTIALS',
    status: 401,
    message: 'Nieprawidłowy e-mail lub hasło.',
  },
  accountNotActive: {
    code: 'AUTH.ACCOUNT_NOT_ACTIVE',
    status: 401,
    message: 'Konto nie zostało jeszcze aktywowane. Sprawdź skrzynkę e-mail lub wyślij link ponownie.',
  },
  emailTaken: { code: 'AUTH.EMAIL_TAKEN', status: 409, message: 'Konto z tym adresem e-mail już istnieje.' },
  invalidToken: { code: 'AUTH.INVALID_TOKEN', status: 400, message: 'Link jest nieprawidłowy lub wygasł.' },
  refreshFailed: { code: 'REFRESH_FAILED', status: 401, message: 'Sesja wygasła. Zaloguj się ponownie.' },
  wrongPassword: { code: 'AUTH.WRONG_PASSWORD', status: 400, message: 'Obecne hasło jest nieprawidłowe.' },
  captchaFailed: {
    code: 'AUTH.CAPTCHA_FAILED',
    status: 400,
    message: 'Weryfikacja zabezpieczeń nie powiodła się. Spróbuj ponownie.',
  },
  userNotFound: {
    code: 'AUTH.USER_NOT_FOUND',
    status: 401,
    message: 'Konto nie istnieje lub zostało usunięte. Zaloguj się ponownie.',
  },
  userExists: { code: 'AUTH.USER_EXISTS', status: 409, message: 'Takie konto już istnieje.' },
  emailUnchanged: { code: 'AUTH.EMAIL_UNCHANGED', status: 400, message: 'To jest Twój obecny adres e-mail.' },
  tenantAlreadyAssigned: {
    code: 'AUTH.TENANT_ALREADY_ASSIGNED',
    status: 409,
    message: 'Konto jest już przypisane do innej firmy.',
  },
  noPendingEmailChange: {
    code: 'AUTH.NO_PENDING_EMAIL_CHANGE',
    status: 400,
    message: 'Nie ma adresu e-mail oczekującego na potwierdzenie.',
  },
  /** a company tried to enrol an address whose account is not a customer's (an owner, an employee) */
  notACustomer: { code: 'AUTH.NOT_A_CUSTOMER', status: 409, message: 'To konto nie jest kontem klienta.' },
  rateLimited: { code: 'RATE_LIMITED', message: 'Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.' },
} as const;
