// Money in one locale consistent with its currency (issue 38): the locale from LC_ALL / LC_MONETARY
// / LANG, Intl's currency style for it, C and POSIX on the US English fallback.
import { afterEach, describe, expect, it } from 'vitest';
import {
  envLocale,
  localeCurrency,
  fmtMoney,
  localeTag,
  moneyLocale,
  setMoneyLocale,
  withMoneyLocale,
} from '../../../../src/shared/format/money';

// Intl separates a sign after the number with a no-break space (U+00A0, or U+202F in French).
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('fmtMoney in a locale', () => {
  afterEach(() => setMoneyLocale(null));

  it('de_DE: "12,50 €", dot grouping, the dollar after the number too', () => {
    setMoneyLocale(envLocale({ LANG: 'de_DE.UTF-8' }));
    expect(moneyLocale()).toBe('de-DE');
    expect(plain(fmtMoney(12.5, '€'))).toBe('12,50 €');
    expect(plain(fmtMoney(0.0395, '€', 3))).toBe('0,040 €');
    expect(plain(fmtMoney(1234.4, '€'))).toBe('1.234 €');
    expect(plain(fmtMoney(12.5, '$'))).toBe('12,50 $');
  });

  it('en_US: the sign first, comma grouping, for $ and €', () => {
    setMoneyLocale(envLocale({ LANG: 'en_US.UTF-8' }));
    expect(fmtMoney(12.5, '$')).toBe('$12.50');
    expect(fmtMoney(12.5, '€')).toBe('€12.50');
    expect(fmtMoney(1234.4, 'USD')).toBe('$1,234');
    expect(fmtMoney(123.4, '$')).toBe('$123');
  });

  it('fr_FR: decimal comma, narrow no-break space grouping, sign after', () => {
    setMoneyLocale(envLocale({ LC_MONETARY: 'fr_FR.UTF-8', LANG: 'en_US.UTF-8' }));
    expect(plain(fmtMoney(12.5, '€'))).toBe('12,50 €');
    expect(plain(fmtMoney(1234.4, '€'))).toBe('1 234 €');
  });

  it('C, POSIX, C.UTF-8, nothing set or junk: the en-US fallback', () => {
    for (const LANG of ['C', 'POSIX', 'C.UTF-8', '', 'not a locale!', undefined])
      expect(envLocale({ LANG }), String(LANG)).toBe('en-US');
    setMoneyLocale('C');
    expect(fmtMoney(7.494, '€')).toBe('€7.49');
  });

  it('LC_ALL beats LC_MONETARY beats LANG; modifiers and encodings are dropped', () => {
    expect(envLocale({ LC_ALL: 'fr_FR.UTF-8', LC_MONETARY: 'de_DE', LANG: 'en_US' })).toBe('fr-FR');
    expect(envLocale({ LC_MONETARY: 'de_DE@euro', LANG: 'en_US' })).toBe('de-DE');
    expect(localeTag('pt_BR.utf8')).toBe('pt-BR');
  });

  it('a sign Intl has no code for sits where the locale puts the euro; nothing is "—"', () => {
    expect(plain(fmtMoney(12.5, 'SFr', 2, 'de-DE'))).toBe('12,50 SFr');
    expect(fmtMoney(12.5, 'SFr', 2, 'en-US')).toBe('SFr12.50');
    expect(fmtMoney(null, '€')).toBe('—');
    expect(fmtMoney(Number.NaN, '€')).toBe('—');
  });
});

describe('withMoneyLocale', () => {
  it("formats in the asking screen's locale, then the process's own again (also after a throw)", () => {
    setMoneyLocale('en-US');
    expect(withMoneyLocale('de-DE', () => fmtMoney(7.49, '€')).replace('\u00a0', ' ')).toBe(
      '7,49 €',
    );
    expect(() =>
      withMoneyLocale('fr-FR', () => {
        throw new Error('bad run');
      }),
    ).toThrow('bad run');
    expect(withMoneyLocale(undefined, () => fmtMoney(7.49, '€'))).toBe('€7.49');
    setMoneyLocale(null);
  });
});

describe('localeCurrency', () => {
  it("starts the price fields in the region's own money: a sign where one is clear, else its code", () => {
    expect(localeCurrency('en-US')).toBe('$');
    expect(localeCurrency('de_DE.UTF-8')).toBe('€');
    expect(localeCurrency('fr-FR')).toBe('€');
    expect(localeCurrency('en-GB')).toBe('£');
    expect(localeCurrency('ja')).toBe('¥'); // the language alone: its likely region
    expect(localeCurrency('en-CA')).toBe('CAD');
    expect(localeCurrency('C')).toBe('€');
    expect(localeCurrency(undefined)).toBe('€');
  });
});
