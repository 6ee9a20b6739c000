import { describe, expect, it, vi } from 'vitest';
import { createNotifier } from './notify';

function fakeToast() {
  let next = 0;
  const create = () => vi.fn(() => ++next);
  return {
    success: create(),
    error: create(),
    info: create(),
    warning: create(),
    message: create(),
    dismiss: vi.fn(),
  };
}

describe('notify', () => {
  it('shows the first toast without dismissing anything', () => {
    const toast = fakeToast();
    const notify = createNotifier(toast as never);
    expect(notify.success('Zapisano')).toBe(1);
    expect(toast.success).toHaveBeenCalledWith('Zapisano', undefined);
    expect(toast.dismiss).not.toHaveBeenCalled();
  });

  it('dismisses the previous toast before showing the next one', () => {
    const toast = fakeToast();
    const notify = createNotifier(toast as never);
    notify.info('Pierwszy');
    notify.error('Drugi', { description: 'opis' });
    notify.warning('Trzeci');
    expect(toast.dismiss.mock.calls).toEqual([[1], [2]]);
    expect(toast.error).toHaveBeenCalledWith('Drugi', { description: 'opis' });
  });

  it('shows an error by its display text', () => {
    const toast = fakeToast();
    const notify = createNotifier(toast as never);
    notify.fromError({ localizedMessage: 'Za mało punktów' });
    notify.fromError(undefined);
    expect(toast.error.mock.calls.map((c: unknown[]) => c[0])).toEqual([
      'Za mało punktów',
      'Wystąpił nieoczekiwany błąd',
    ]);
  });

  it('dismiss clears the current toast once', () => {
    const toast = fakeToast();
    const notify = createNotifier(toast as never);
    notify.message('Hej');
    notify.dismiss();
    notify.dismiss();
    notify.message('Znowu');
    expect(toast.dismiss.mock.calls).toEqual([[1]]);
  });
});
