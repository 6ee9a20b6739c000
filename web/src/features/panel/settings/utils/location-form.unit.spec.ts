import { LocationMessages } from '@punkto/contracts/locations';
import { describe, expect, it } from 'vitest';
import {
  coordinatesLabel,
  draftErrors,
  emptyDraft,
  fieldErrorsAt,
  locationOf,
  lockScreenPreview,
} from './location-form';

const draft = { ...emptyDraft(), name: 'Kawiarnia na Rynku', latitude: '52,2297', longitude: '21.0122' };

describe('the location editor', () => {
  it('a named location with coordinates (dot or comma) is valid and becomes what the API takes', () => {
    expect(draftErrors(draft)).toEqual({});
    expect(locationOf({ ...draft, address: '  ', relevantText: ' ' })).toEqual({
      name: 'Kawiarnia na Rynku',
      address: null,
      latitude: 52.2297,
      longitude: 21.0122,
      relevantText: null,
    });
  });

  it('names every field at fault in Polish', () => {
    expect(
      draftErrors({ name: ' ', address: '', latitude: '91', longitude: 'abc', relevantText: 'x'.repeat(91) }),
    ).toEqual({
      name: LocationMessages.name,
      latitude: LocationMessages.latitude,
      longitude: LocationMessages.longitude,
      relevantText: LocationMessages.relevantTextTooLong,
    });
  });

  it('previews the lock-screen text: the default names the company', () => {
    expect(lockScreenPreview('', 'Kawiarnia Pod Lipą')).toBe(
      'Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie',
    );
    expect(lockScreenPreview('Wpadnij do {nazwa firmy}!', 'Lipa')).toBe('Wpadnij do Lipa!');
  });

  it('shows coordinates the Polish way', () =>
    expect(coordinatesLabel({ latitude: 52.2297, longitude: -21.5 })).toBe('szer. 52,2297 · dł. -21,5'));

  it("takes the API's refusal of the edited location onto its fields", () =>
    expect(
      fieldErrorsAt(
        { 'locations.2.latitude': ['zła'], 'locations.0.name': ['inna'], locations: ['lista'] },
        2,
      ),
    ).toEqual({ latitude: 'zła' }));
});
