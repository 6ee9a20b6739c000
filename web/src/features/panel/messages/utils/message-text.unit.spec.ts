import { MESSAGE_LOCK_SCREEN_VISIBLE } from '@punkto/contracts/messages';
import { describe, expect, it } from 'vitest';
import { bodyCounter, exceedsLockScreen, lockScreenText, titleCounter, walletText } from './message-text';

describe('the compose counters', () => {
  it('count the trimmed text against each limit, in Polish', () => {
    expect(titleCounter('  Podwójne punkty  ').label).toBe('15/50 znaków');
    expect(bodyCounter('').label).toBe('0/300 znaków');
    expect(titleCounter('x'.repeat(51)).over).toBe(true);
    expect(bodyCounter('x'.repeat(300)).over).toBe(false);
  });
});

describe('the iPhone lock-screen text', () => {
  it('shows a short text whole, with whitespace folded', () => {
    expect(lockScreenText('', ' Dziś\n\nkawa  gratis ')).toEqual({ text: 'Dziś kawa gratis', cut: false });
    expect(exceedsLockScreen('', 'Dziś kawa gratis')).toBe(false);
  });

  it('starts with the title, as the pass carries it', () => {
    expect(lockScreenText(' Sobota ', 'Kawa gratis').text).toBe('Sobota: Kawa gratis');
    expect(walletText('Sobota', '')).toBe('Sobota');
    expect(exceedsLockScreen('x'.repeat(50), 'y'.repeat(58))).toBe(false);
    expect(exceedsLockScreen('x'.repeat(50), 'y'.repeat(59))).toBe(true);
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    const body = `${'Słowo '.repeat(40)}koniec`;
    const shown = lockScreenText('', body);
    expect(shown.cut).toBe(true);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(shown.text.length).toBeLessThanOrEqual(MESSAGE_LOCK_SCREEN_VISIBLE + 1);
    expect(shown.text).not.toMatch(/ …$/);
    expect(exceedsLockScreen('', body)).toBe(true);
  });

  it('cuts a text without spaces at the visible length', () => {
    const shown = lockScreenText('', 'x'.repeat(200));
    expect(shown.text).toBe(`${'x'.repeat(MESSAGE_LOCK_SCREEN_VISIBLE)}…`);
  });
});
