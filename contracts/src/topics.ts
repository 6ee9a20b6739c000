/**
 * Every bus topic, named `<service>.<aggregate>.v<major>`, listed once.
 * Dead letters of a consumer group go to `<topic>.dlq`.
 */
export const Topics = {
  identityUsers: 'identity.users.v1',
  tenantTenants: 'tenant.tenants.v1',
  tenantPrograms: 'tenant.programs.v1',
  tenantEmployees: 'tenant.employees.v1',
  tenantClients: 'tenant.clients.v1',
  tenantServices: 'tenant.services.v1',
  cardLedgerCards: 'cardledger.cards.v1',
  billingSubscriptions: 'billing.subscriptions.v1',
  surveySurveys: 'survey.surveys.v1',
  notificationMessages: 'notification.messages.v1',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];
export const allTopics: readonly Topic[] = Object.values(Topics);

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}
