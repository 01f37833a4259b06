/** The page the reader was last on, kept for the /login redirect (spec §2.2). */
export interface LastLocation {
  /** Path, query and hash, e.g. `/courseware/seed-labs?x=1`. */
  readonly href: string;
  /** True on courseware and alias routes: after logging in, the reader comes back here. */
  readonly returnAfterLogin: boolean;
}

let last: LastLocation | null = null;

export function rememberLocation(location: LastLocation): void {
  last = location;
}

export function getLastLocation(): LastLocation | null {
  return last;
}

export function forgetLocation(): void {
  last = null;
}
