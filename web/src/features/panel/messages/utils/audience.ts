import { CustomerSegment, customerSegmentLabels } from '@punkto/contracts/customer-segments';
import type { MessageAudience } from '@punkto/contracts/messages';

/**
 * The audience part of the compose form: which kind is chosen and the pick each kind needs, turned into the
 * contract's MessageAudience once it is complete (the audience size is asked only then).
 */

export type AudienceKind = MessageAudience['kind'];

export const audienceKindOptions: Array<{ value: AudienceKind; label: string }> = [
  { value: 'all', label: 'Wszyscy klienci' },
  { value: 'segment', label: 'Segment z analityki' },
  { value: 'program', label: 'Klienci jednego programu' },
  { value: 'customer', label: 'Jeden klient' },
];

export const segmentOptions = CustomerSegment.options.map((value) => ({
  value,
  label: customerSegmentLabels[value],
}));

export type AudienceForm = {
  kind: AudienceKind;
  segment: CustomerSegment | null;
  programId: string | null;
  clientId: string | null;
};

export const emptyAudienceForm: AudienceForm = {
  kind: 'all',
  segment: null,
  programId: null,
  clientId: null,
};

/** The chosen audience, or null while its kind still needs a pick (a segment, a program, a customer). */
export function toAudience(form: AudienceForm): MessageAudience | null {
  switch (form.kind) {
    case 'all':
      return { kind: 'all' };
    case 'segment':
      return form.segment ? { kind: 'segment', segment: form.segment } : null;
    case 'program':
      return form.programId ? { kind: 'program', programId: form.programId } : null;
    case 'customer':
      return form.clientId ? { kind: 'customer', clientId: form.clientId } : null;
  }
}

/** What is still missing for an incomplete audience (shown under the field on sending). */
export function audienceMissing(kind: AudienceKind): string {
  switch (kind) {
    case 'segment':
      return 'Wybierz segment klientów.';
    case 'program':
      return 'Wybierz program.';
    case 'customer':
      return 'Wybierz klienta.';
    case 'all':
      return '';
  }
}

/** The audience of a sent campaign in words (the list): the program's name when it is known. */
export function audienceLabel(audience: MessageAudience, programName?: (id: string) => string | undefined) {
  switch (audience.kind) {
    case 'all':
      return 'Wszyscy klienci';
    case 'segment':
      return `Segment: ${customerSegmentLabels[audience.segment]}`;
    case 'program': {
      const name = programName?.(audience.programId);
      return name ? `Klienci programu „${name}”` : 'Klienci jednego programu';
    }
    case 'customer':
      return 'Jeden klient';
  }
}
