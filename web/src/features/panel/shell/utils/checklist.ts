import type { TenantConfiguredResponse, TenantResponse } from '@punkto/contracts/tenant';
import type { PanelSection } from './permissions';

export type ChecklistItem = {
  key: string;
  label: string;
  done: boolean;
  /** what to do, when not done */
  hint?: string | undefined;
  link?: { to: PanelSection['to'] | '/panel/programy/nowy' | '/uzupelnij-konto'; label: string } | undefined;
};

/** Configuration checklist: the tenant service's `missing` list (required) plus recommended branding steps. */
export function checklistOf(
  configured: TenantConfiguredResponse,
  tenant: Pick<TenantResponse, 'logo' | 'heroImage'> | undefined,
): ChecklistItem[] {
  const missing = new Map(configured.missing.map((m) => [m.key, m.message]));
  /** a required step: done unless the tenant service lists it as missing, with its message as the hint */
  const required = (
    key: TenantConfiguredResponse['missing'][number]['key'],
    label: string,
    link: ChecklistItem['link'],
  ): ChecklistItem => ({
    key,
    label,
    done: !missing.has(key),
    hint: missing.get(key),
    link,
  });
  return [
    required('companyData', 'Dane firmy (nazwa i NIP)', {
      to: '/panel/ustawienia',
      label: 'Uzupełnij dane firmy',
    }),
    required('address', 'Adres firmy', { to: '/panel/ustawienia', label: 'Podaj adres' }),
    required('activeProgram', 'Aktywny program lojalnościowy', {
      to: '/panel/programy/nowy',
      label: 'Utwórz program',
    }),
    {
      key: 'logo',
      label: 'Logo na karcie (zalecane)',
      done: !!tenant?.logo,
      hint: 'Logo pojawi się na karcie w Apple Wallet i Google Wallet.',
      link: { to: '/panel/ustawienia', label: 'Wgraj logo' },
    },
    {
      key: 'heroImage',
      label: 'Zdjęcie w tle karty (zalecane)',
      done: !!tenant?.heroImage,
      hint: 'Zdjęcie wyróżni kartę w portfelu klienta.',
      link: { to: '/panel/ustawienia', label: 'Wgraj zdjęcie' },
    },
  ];
}
