import type { NiceGeneration, WorkRole } from '#shared/contracts/work-role';

/** The two generations as the screens name them, v2.1.0 (the default) first. */
export const GENERATION_LABELS: Record<NiceGeneration, string> = {
  '2.1.0': 'NICE Framework Components v2.1.0',
  '2017': 'NICE 2017',
};

/** The generations in the order the screens offer them: the current one first. */
export const GENERATION_ORDER: readonly NiceGeneration[] = ['2.1.0', '2017'];

/** The generation the browse screen shows without `?generation=`. */
export const DEFAULT_GENERATION: NiceGeneration = '2.1.0';

/** The page of one work role (`/work-roles/<id>`). */
export function workRolePath(id: string): string {
  return `/work-roles/${encodeURIComponent(id)}`;
}

/** The courseware search for one work role (`/courseware?workRole=<id>`; decision record 079). */
export function workRoleSearchPath(id: string): string {
  return `/courseware?workRole=${encodeURIComponent(id)}`;
}

/** "1 statement", "219 statements". */
export function statementCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'statement' : 'statements'}`;
}

/** The kinds of NICE statement, by the letter their id begins with (T, K, S, A). */
export const STATEMENT_KINDS = [
  { prefix: 'T', label: 'Tasks' },
  { prefix: 'K', label: 'Knowledge' },
  { prefix: 'S', label: 'Skills' },
  { prefix: 'A', label: 'Abilities' },
] as const;

/**
 * A role's statement ids grouped by kind (Tasks, Knowledge, Skills, Abilities, in
 * that order; kinds without statements left out), each group in the role's order.
 */
export function statementsByKind(ids: readonly string[]): { label: string; ids: string[] }[] {
  return STATEMENT_KINDS.map((kind) => ({
    label: kind.label,
    ids: ids.filter((id) => id.startsWith(kind.prefix)),
  })).filter((group) => group.ids.length > 0);
}

/** A group of roles on the browse screen: a category, or (2017) a category's specialty area. */
export interface RoleGroup {
  readonly key: string;
  readonly name: string;
  readonly description?: string | undefined;
  readonly roles: readonly WorkRole[];
  /** 2017: the specialty areas of the category, each with its roles. */
  readonly areas?: readonly RoleGroup[];
}

function groupBy(roles: readonly WorkRole[], keyOf: (role: WorkRole) => WorkRole['category']): RoleGroup[] {
  const groups = new Map<string, { key: string; name: string; description?: string | undefined; roles: WorkRole[] }>();
  for (const role of roles) {
    const group = keyOf(role);
    const found = groups.get(group.id);
    if (found) found.roles.push(role);
    else groups.set(group.id, { key: group.id, name: group.name, description: group.description, roles: [role] });
  }
  return [...groups.values()];
}

/**
 * Roles grouped by category, in the order the API lists them (by id, so by
 * category); a 2017 category is further grouped by specialty area.
 */
export function groupRoles(roles: readonly WorkRole[]): RoleGroup[] {
  return groupBy(roles, (role) => role.category).map((category) =>
    category.roles.some((role) => role.specialtyArea)
      ? { ...category, areas: groupBy(category.roles, (role) => role.specialtyArea ?? role.category) }
      : category,
  );
}
