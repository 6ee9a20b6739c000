/** The card's visits fold lives in contracts (one definition for analytics and company messages, ADR 0027). */
export { applyVisitEvent, warsawDayOf, type CardVisits } from '@punkto/contracts/card-visits';
