import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session-hint';

describe('session hint', () => {
  it('is there when the hint cookie is, wherever it stands among the cookies', () => {
    expect(mayHaveSession('punkto_session=1')).toBe(true);
    expect(mayHaveSession('punkto-consent=%7B%7D; punkto_session=1; other=2')).toBe(true);
  });

  it('is not there without it, nor for a cookie whose name only starts the same', () => {
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('punkto-consent=%7B%7D')).toBe(false);
    expect(mayHaveSession('punkto_session_old=1; xpunkto_session=1')).toBe(false);
  });
});
