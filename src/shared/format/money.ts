// Money in one locale, consistent with its currency: "12,50 €" in Germany, "€12.50" in the US, as
// Intl prints them for the person's locale. Main and the CLI take the locale from the environment
// (LC_ALL, LC_MONETARY, LANG), the renderer from navigator.language, and the report page from the
// data main sends it, so the screen, the PDF and the CLI print a price the same way.

const FALLBACK = 'en-US';
let current = FALLBACK;

/** The signs the price fields accept, by the ISO code Intl formats them with. */
const SIGN_CODES: Record<string, string> = {
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₴': 'UAH',
  zł: 'PLN',
  Kč: 'CZK',
  Fr: 'CHF',
  R$: 'BRL',
};

/** A BCP 47 tag Intl accepts, or null: "de_DE.UTF-8" → "de-DE"; C, POSIX and junk → null. */
export function localeTag(posix: string | undefined | null): string | null {
  const base = (posix ?? '').trim().split(/[.@]/)[0]!.replace(/_/g, '-');
  if (
    !base ||
    base === 'C' ||
    base === 'POSIX' ||
    !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(base)
  )
    return null;
  try {
    return Intl.NumberFormat.supportedLocalesOf([base])[0] ?? null;
  } catch {
    return null;
  }
}

/** The money locale of a process, as POSIX ranks the variables: LC_ALL, then LC_MONETARY, then LANG. */
export function envLocale(env: Record<string, string | undefined>): string {
  const set = [env['LC_ALL'], env['LC_MONETARY'], env['LANG']].find((v) => v && v.trim());
  return localeTag(set) ?? FALLBACK;
}

/** Sets the locale every later fmtMoney uses; one Intl rejects (or none) keeps the fallback. */
export function setMoneyLocale(locale: string | undefined | null): void {
  current = localeTag(locale) ?? FALLBACK;
}

export const moneyLocale = (): string => current;

/**
 * `fn` with prices in `locale` (the asking screen's), then the process's own again. Synchronous
 * only: nothing else can format in between.
 */
export function withMoneyLocale<T>(locale: string | undefined, fn: () => T): T {
  const own = current;
  if (locale) setMoneyLocale(locale);
  try {
    return fn();
  } finally {
    current = own;
  }
}

// A region's own currency, so the price fields start in the money a person there pays with (the
// Plan step had € beside en-US numbers). Regions not listed keep the euro, the schema's default.
const EURO = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');
const REGION_CODES: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  JP: 'JPY',
  IN: 'INR',
  KR: 'KRW',
  RU: 'RUB',
  TR: 'TRY',
  UA: 'UAH',
  PL: 'PLN',
  CZ: 'CZK',
  CH: 'CHF',
  BR: 'BRL',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  CN: 'CNY',
  MX: 'MXN',
  ZA: 'ZAR',
  HU: 'HUF',
  RO: 'RON',
  IL: 'ILS',
  ...Object.fromEntries(EURO.map((r) => [r, 'EUR'])),
};

/** The currency a locale's region pays in, as the price fields take it: a sign where one is
 * unambiguous ("$" for en-US, "€" for de-DE), else its ISO code ("CAD"); "€" when unknown. */
export function localeCurrency(locale: string | undefined | null): string {
  const tag = localeTag(locale);
  let region: string | undefined;
  try {
    region = tag ? new Intl.Locale(tag).maximize().region : undefined;
  } catch {
    region = undefined;
  }
  const code = region ? REGION_CODES[region] : undefined;
  if (!code) return '€';
  return Object.entries(SIGN_CODES).find(([, c]) => c === code)?.[0] ?? code;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, code: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${code}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Money with its currency where the locale puts it: `digits` decimals, whole units from 100 up.
 * A sign Intl does not know ("SFr") takes the place the locale gives the euro.
 */
export function fmtMoney(
  x: number | null | undefined,
  currency: string,
  digits = 2,
  locale = current,
): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const d = Math.abs(x) >= 100 ? 0 : digits;
  const sign = currency.trim();
  const code = /^[A-Z]{3}$/.test(sign) ? sign : SIGN_CODES[sign];
  try {
    if (code) return formatter(locale, code, d).format(x);
  } catch {
    // A code Intl refuses: printed as a sign below.
  }
  return formatter(locale, 'EUR', d)
    .formatToParts(x)
    .map((p) => (p.type === 'currency' ? sign : p.value))
    .join('');
}
