import { describe, expect, it } from 'vitest';
import {
  AutomationKind,
  AutomationSettingsInput,
  defaultAutomation,
  expiryAmountText,
  expiryDateText,
  renderAutomationText,
  unknownPlaceholders,
} from './message-automations';

// The defaults an owner switches on unchanged (ADR 0060): valid as saved, and Polish once filled in.
describe('the default automatic messages', () => {
  it.each(AutomationKind.options)('%s is a valid setting as it stands', (kind) => {
    const { enabled: _enabled, updatedAt: _updatedAt, ...settings } = defaultAutomation(kind);
    expect(AutomationSettingsInput.safeParse({ ...settings, enabled: true }).success).toBe(true);
  });

  it.each(AutomationKind.options)(
    '%s never puts the company’s name after a preposition (it cannot be declined)',
    (kind) => {
      const { title, body } = defaultAutomation(kind);
      // „w Kawiarnia Pod Lipą”, „do Kawiarnia Pod Lipą” would be bad Polish
      expect(`${title} ${body}`).not.toMatch(/\b(w|we|do|od|z|ze|u|dla|przy)\s+\{firma\}/i);
      const filled = renderAutomationText(`${title} ${body}`, {
        firma: 'Kawiarnia Pod Lipą',
        nagroda: 'Kawa',
        ile: '40 pkt',
        data: '13 grudnia 2026',
      });
      expect(filled).not.toMatch(/\{[^}]*\}/);
    },
  );
});

// The expiry warning's placeholders (issue 34, ADR 0060/0062): the amount with its unit, the day in Polish.
describe('the expiry warning', () => {
  it('says how much expires with the unit in its Polish plural form', () => {
    expect(expiryAmountText(1, 'points')).toBe('1 pkt');
    expect(expiryAmountText(40, 'points')).toBe('40 pkt');
    expect(expiryAmountText(1250, 'points')).toBe('1\u00a0250 pkt');
    expect(expiryAmountText(1, 'stamps')).toBe('1 pieczątka');
    expect(expiryAmountText(3, 'stamps')).toBe('3 pieczątki');
    expect(expiryAmountText(12, 'stamps')).toBe('12 pieczątek');
    expect(expiryAmountText(22, 'stamps')).toBe('22 pieczątki');
  });

  it('names the day as Polish writes it, the same calendar day in winter and summer', () => {
    expect(expiryDateText('2026-12-13')).toBe('13 grudnia 2026');
    expect(expiryDateText('2027-01-01')).toBe('1 stycznia 2027');
    expect(expiryDateText('2027-07-31')).toBe('31 lipca 2027');
  });

  it('fills {ile} and {data}, which only the expiry warning may use', () => {
    expect(unknownPlaceholders('expiry_warning', '{firma}: {ile} wygasa {data}')).toEqual([]);
    expect(unknownPlaceholders('welcome', 'Masz {ile} do {data}')).toEqual(['ile', 'data']);
    expect(unknownPlaceholders('expiry_warning', 'Odbierz {nagroda}')).toEqual(['nagroda']);
    expect(
      renderAutomationText('{firma}: wygasa {ile}, termin {data}.', {
        firma: 'Kawiarnia Pod Lipą',
        ile: expiryAmountText(3, 'stamps'),
        data: expiryDateText('2026-12-13'),
      }),
    ).toBe('Kawiarnia Pod Lipą: wygasa 3 pieczątki, termin 13 grudnia 2026.');
  });

  it('refuses a placeholder of another kind on the field, naming the ones it may use', () => {
    const parsed = AutomationSettingsInput.safeParse({
      ...defaultAutomation('expiry_warning'),
      enabled: true,
      body: 'Odbierz {nagroda}',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({
      path: ['body'],
      message: 'Nieznane pole: {nagroda}. Możesz użyć: {firma}, {ile}, {data}.',
    });
  });
});
