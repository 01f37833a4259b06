import * as z from 'zod';

/**
 * A NICE work role's id as published: `SP-RSK-001` (2017), `DD-WRL-001` (v2.1.0)
 * (issue 27 item 1; `./work-role.ts` has the work-role contract). A module of its own:
 * the courseware search address and request check it, and they ride in the SPA's first
 * render, which must not carry the whole work-role contract (decision record 079, "Screens").
 */
export const WorkRoleId = z
  .string()
  .regex(/^[A-Z]{2}-[A-Z]{3}-\d{3}$/, 'Must be a NICE work role id such as DD-WRL-001.');
