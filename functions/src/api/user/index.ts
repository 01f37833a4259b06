import { USER_ROUTES } from '#shared/routes/user';
import { createGroupHandler } from '../../lib/group.ts';
import { getUser } from './get-user.ts';
import {
  createInvitation,
  getInvitationPreview,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations.ts';
import { listAuditEvents } from './list-audit-events.ts';
import { listUserCourses } from './list-user-courses.ts';
import { listUsers } from './list-users.ts';
import { moveUserBusinessUnit } from './move-user-business-unit.ts';
import { moveUserOrganization } from './move-user-organization.ts';
import { requestCourseSupport } from './request-course-support.ts';
import { getUpdateNoticeSettings, unsubscribeUpdateNotices, updateUpdateNoticeSettings } from './update-notices.ts';
import { updateUserRights } from './update-user-rights.ts';
import { getUserImport, listUserImports, previewUserImport, runUserImport } from './user-imports.ts';

/**
 * Lambda entry of the `user` group (spec §7 "Other": User — users, my courses, course
 * support; issue 11: user administration, the audit log, invitations and imports).
 */
export const handler = createGroupHandler(USER_ROUTES, {
  listUsers,
  getUser,
  updateUserRights,
  moveUserBusinessUnit,
  moveUserOrganization,
  listAuditEvents,
  listUserCourses,
  requestCourseSupport,
  listInvitations,
  createInvitation,
  resendInvitation,
  revokeInvitation,
  getInvitationPreview,
  previewUserImport,
  runUserImport,
  listUserImports,
  getUserImport,
  getUpdateNoticeSettings,
  updateUpdateNoticeSettings,
  unsubscribeUpdateNotices,
});
