import slugify from 'slugify';

/**
 * The URL alias of a new item from its name (spec §4 "Content modes": lower-cased,
 * trimmed, spaces turned into hyphens; decision record 005). Beyond the spec, anything
 * outside `[a-z0-9-]` is dropped (slugify `strict`: accents are folded first, `&`
 * becomes `and`) and runs of hyphens collapse, so an alias is always safe in a path:
 * "SEED Labs – Software Security" → "seed-labs-software-security".
 */
export function aliasFromName(name: string): string {
  return slugify(name, { lower: true, strict: true, trim: true }).replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/**
 * The alias of a child item: its parent's alias, a slash, then its own
 * (spec §2.6 "Child items use their parent's alias as a prefix").
 */
export function childAlias(parentAlias: string, name: string): string {
  return `${parentAlias}/${aliasFromName(name)}`;
}
