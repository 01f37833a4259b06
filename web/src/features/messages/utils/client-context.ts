import { MESSAGE_LIMITS } from '#shared/limits';

/** The reader's browser, operating system and time zone, as the support message prefix carries them (spec §5). */
export interface ClientContext {
  readonly browser: string;
  readonly operatingSystem: string;
  readonly timeZone: string;
}

const UNKNOWN_BROWSER = 'Unknown browser';
const UNKNOWN_OS = 'Unknown operating system';

/** Browser families by their user-agent token, most specific first (Edge and Opera also say Chrome and Safari). */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Microsoft Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/([\d.]+)/],
  ['Opera', /\b(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
];

/** Windows NT kernel versions and the releases that report them (NT 10.0 is both 10 and 11). */
const WINDOWS_RELEASES: Readonly<Record<string, string>> = {
  '10.0': '10 or 11',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
};

function browserOf(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return UNKNOWN_BROWSER;
}

function operatingSystemOf(userAgent: string): string {
  const windows = /Windows NT ([\d.]+)/.exec(userAgent)?.[1];
  if (windows) return `Windows ${WINDOWS_RELEASES[windows] ?? `NT ${windows}`}`;
  const ios = /\b(iPhone|iPad|iPod)\b.*? OS ([\d_]+)/.exec(userAgent);
  if (ios?.[2]) return `${ios[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${ios[2].replaceAll('_', '.')}`;
  const mac = /Mac OS X ([\d_.]+)/.exec(userAgent)?.[1];
  if (mac) return `macOS ${mac.replaceAll('_', '.')}`;
  const android = /Android ([\d.]+)/.exec(userAgent)?.[1];
  if (android) return `Android ${android}`;
  if (/\bCrOS\b/.test(userAgent)) return 'ChromeOS';
  if (/\bLinux\b/.test(userAgent)) return 'Linux';
  return UNKNOWN_OS;
}

/**
 * The browser name and version and the operating system a user-agent string names,
 * e.g. `{ browser: 'Firefox 133.0', operatingSystem: 'Windows 10 or 11' }`; the
 * `Unknown …` words when it names none.
 */
export function parseUserAgent(userAgent: string): Pick<ClientContext, 'browser' | 'operatingSystem'> {
  return { browser: browserOf(userAgent), operatingSystem: operatingSystemOf(userAgent) };
}

/** The time zone the browser runs in (IANA name, e.g. `America/New_York`), or `Unknown time zone`. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Unknown time zone';
  } catch {
    return 'Unknown time zone';
  }
}

const clip = (text: string) => text.slice(0, MESSAGE_LIMITS.supportContextMaxChars);

/** The client context of a support request (spec §5 prefix), each part at most 200 characters. */
export function clientContext(
  userAgent: string = navigator.userAgent,
  timeZone: string = browserTimeZone(),
): ClientContext {
  const { browser, operatingSystem } = parseUserAgent(userAgent);
  return { browser: clip(browser), operatingSystem: clip(operatingSystem), timeZone: clip(timeZone) };
}
