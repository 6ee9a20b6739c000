import { loadOrCreateSigningKey } from '../tokens/signing-keys';
import { createAccounts, type IdentityServiceDeps } from '../accounts/accounts';
import { companyAccounts } from '../accounts/company-accounts';
import { profile } from '../accounts/profile';
import { registration } from '../accounts/registration';
import { registrationJobs } from '../accounts/registration-job';
import { signIn } from '../accounts/sign-in';
import { requestGuards } from '../security/request-guards';
import { companyContacts } from '../tenants/company-contacts';

export type { IssuedSession } from '../accounts/sign-in';

/**
 * Identity's application layer, built once per process (app.ts): the use cases behind the /users calls and
 * the consumers of the tenant's events. Routes only translate HTTP (cookies, bodies) to these calls. Every
 * change to a user goes through the User decider and is projected into `users` in the same call
 * (accounts.ts); the use cases are grouped by what a person or a company does:
 * registration.ts (sign up and one-time links), sign-in.ts (sessions and tokens), profile.ts (one's own
 * account), company-accounts.ts (employees and clients' accounts from the tenant's events).
 */
export async function createIdentityService(deps: IdentityServiceDeps) {
  const { config, documents, clock, hasher, logger } = deps;
  const accounts = await createAccounts(deps);
  const guards = await requestGuards({ config, documents, captcha: deps.captcha, logger });
  const signingKey = await loadOrCreateSigningKey(documents, clock());
  const contacts = companyContacts(documents);
  const registrations = registrationJobs(accounts, {
    documents,
    scheduler: deps.scheduler,
    clock,
    mailFrom: config.MAIL_FROM,
  });
  return {
    /** resolves when the work after neutral answers has run: registrations' jobs, then the e-mails */
    settled: async () => {
      await registrations.settled();
      await accounts.settled();
    },
    /** identity's durable jobs (runService starts them on the service's scheduler) */
    jobs: registrations.jobs,
    readUserStream: accounts.readUserStream,
    /** the log as the relay publishes it: sealed, except the customer's phone (ADR 0017) */
    relayEventStore: accounts.relayEvents,
    ...registration(accounts, { guards, hasher, clock, registrations }),
    ...signIn(accounts, { config, guards, hasher, signingKey, logger, clock }),
    ...profile(accounts, { guards, hasher, clock }),
    ...companyAccounts(accounts, { config, mailer: deps.mailer, logger, clock, contacts }),
    /** tenant.tenants.v1: the company's contact e-mail (the Reply-To of its mail), forgotten with the company */
    companyContactChanged: contacts.contactChanged,
    forgetCompanyContact: contacts.forget,
  };
}

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
