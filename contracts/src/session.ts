import { z } from 'zod';
import { PermissionSchema, RoleSchema } from './permissions';

// Who is signed in: what the app reads before its first screen (GET /users/me, the session refresh). A module of
// its own, re-exported by identity.ts, so that the app's start-up code needs none of the registration and account
// rules (nor the phone numbers' metadata they bring).

/** The profile of GET /users/me (SPEC §3: id, email, tenantId optional, role, username). */
export const UserProfile = z
  .object({
    id: z.string(),
    email: z.string(),
    tenantId: z.string().nullable(),
    role: RoleSchema,
    username: z.string(),
    /**
     * An employee's granted permissions (the same as the access token's `perms`, which the SPA cannot read:
     * the token is httpOnly). Owners hold every permission by role; customers none.
     */
    permissions: z.array(PermissionSchema).optional(),
    /**
     * A customer's phone as they typed it (`+48XXXXXXXXX`), or null; only customers have the field. Staff find
     * the customer's cards by it (it is copied to the customer's client records in every company).
     */
    phone: z.string().nullable().optional(),
    /** false: nobody checked the customer owns the number (no SMS); present with `phone` */
    phoneVerified: z.boolean().optional(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfile>;

export const SessionResponse = z
  .object({
    user: UserProfile,
    /** ISO time the access token expires; the SPA refreshes 5 min before */
    accessTokenExpiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;
