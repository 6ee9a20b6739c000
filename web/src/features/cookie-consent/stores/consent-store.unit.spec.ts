import { describe, expect, it } from 'vitest';
import { ALL_ACCEPTED, NECESSARY_ONLY } from '../utils/consent-cookie';
import { createConsentStore, type CookieJar } from './consent-store';

/** A cookie jar like the browser's: an assignment sets `name=value`, reading joins them. */
function fakeJar(): CookieJar & { writes: string[] } {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    secure: false,
    writes,
    read: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    write: (assignment) => {
      writes.push(assignment);
      const [pair] = assignment.split(';');
      const [name, value] = pair!.split('=');
      cookies.set(name!, value!);
    },
  };
}

describe('the consent store', () => {
  it('starts without a preference and notifies subscribers of a choice', () => {
    const jar = fakeJar();
    const store = createConsentStore(jar);
    expect(store.getState()).toEqual({ preferences: null, dialogOpen: false });
    const seen: Array<boolean | undefined> = [];
    store.subscribe(() => seen.push(store.getState().preferences?.analytics));

    store.openDialog();
    store.save({ functional: false, analytics: true, marketing: false });
    expect(store.getState()).toEqual({
      preferences: { necessary: true, functional: false, analytics: true, marketing: false },
      dialogOpen: false,
    });
    expect(seen).toEqual([undefined, true]);
    expect(jar.writes).toHaveLength(1);
  });

  it('reads the stored choice on the next visit', () => {
    const jar = fakeJar();
    createConsentStore(jar).save(ALL_ACCEPTED);
    expect(createConsentStore(jar).getState().preferences).toEqual(ALL_ACCEPTED);
    createConsentStore(jar).save(NECESSARY_ONLY);
    expect(createConsentStore(jar).getState().preferences).toEqual(NECESSARY_ONLY);
  });

  it('closing without a choice stores nothing', () => {
    const jar = fakeJar();
    const store = createConsentStore(jar);
    store.openDialog();
    store.closeDialog();
    expect(store.getState()).toEqual({ preferences: null, dialogOpen: false });
    expect(jar.writes).toEqual([]);
  });

  it('unsubscribed listeners hear nothing more', () => {
    const store = createConsentStore(fakeJar());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.openDialog();
    unsubscribe();
    store.closeDialog();
    expect(calls).toBe(1);
  });
});
