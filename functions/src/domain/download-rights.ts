import type { Capability, Principal } from '#shared/capabilities';
import { can } from '#shared/capabilities';
import { DOWNLOAD_REFUSALS, type FileAccess } from '#shared/contracts/download';
import type { Brand } from '#shared/enums';
import { type EligibilitySubject, isEligibleForBrand } from './entitlement.ts';

/**
 * Who may download which file (spec §1 brand eligibility, §6 "View files" / "View
 * lesson files"; decision record 022). Pure rules: the handlers read the file, its
 * owner and the caller's account, then ask these.
 */

/** What a file is to a download: a courseware file of content, or an artifact of a lesson. */
export type DownloadKind = 'courseware' | 'lesson';

/** The capability a download of this kind needs (spec §6). */
export function capabilityFor(kind: DownloadKind): Extract<Capability, 'viewFiles' | 'viewLessonFiles'> {
  return kind === 'courseware' ? 'viewFiles' : 'viewLessonFiles';
}

/** True when `principal` (null: a visitor) may download a file of this kind. */
export function mayDownload(principal: Principal | null, kind: DownloadKind): boolean {
  return can(principal, capabilityFor(kind));
}

/**
 * Why a signed-in user may not download a file of `kind` on `brand`, one of
 * `DOWNLOAD_REFUSALS` (spec §1): not eligible for the brand — not a user of the
 * national range on USCR, a business unit not eligible on VACR (its
 * `eligibleBrands`; decision record 030) — or, eligible, without the `scoped-file`
 * claim of that kind. `user` is null when the account is gone: then eligibility is
 * what fails. Pass the user with the business unit as stored now
 * (data/business-units.ts `withCurrentBusinessUnit`).
 */
export function downloadRefusal(kind: DownloadKind, user: EligibilitySubject | null, brand: Brand): string {
  if (user === null || !isEligibleForBrand(user, brand)) {
    return brand === 'USCR' ? DOWNLOAD_REFUSALS.notNationalRangeUser : DOWNLOAD_REFUSALS.notStateSchoolFaculty;
  }
  return kind === 'courseware' ? DOWNLOAD_REFUSALS.noCoursewareFileRights : DOWNLOAD_REFUSALS.noLessonFileRights;
}

/**
 * The `FileAccess` answer (`GET /api/v1/file-access`): both rights of `principal`
 * and, when courseware files are refused, why. `user` is only read then, so a
 * caller with rights needs no account read: pass a function that reads it.
 */
export async function fileAccessOf(
  principal: Principal | null,
  brand: Brand,
  readUser: () => Promise<EligibilitySubject | null>,
): Promise<FileAccess> {
  const courseware = mayDownload(principal, 'courseware');
  const lesson = mayDownload(principal, 'lesson');
  return { courseware, lesson, reason: courseware ? null : downloadRefusal('courseware', await readUser(), brand) };
}

/**
 * The name a downloaded file is saved as (decision record 022): the display `name`,
 * with the extension of the original `filename` appended when `name` does not
 * already end with it (compared case-insensitively), e.g. `Lab guide` +
 * `guide.pdf` → `Lab guide.pdf`. A filename without an extension adds nothing.
 */
export function downloadName(name: string, filename: string): string {
  const base = name.trim() || filename;
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return base;
  const extension = filename.slice(dot);
  return base.toLowerCase().endsWith(extension.toLowerCase()) ? base : `${base}${extension}`;
}
