import { describe, expect, it } from 'vitest';
import {
  AutomationKind,
  AutomationSettingsInput,
  defaultAutomation,
  renderAutomationText,
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
      });
      expect(filled).not.toMatch(/\{[^}]*\}/);
    },
  );
});
