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

/** The prefix a content link carries (spec §2.6); an alias is stored without it. */
const COURSEWARE_PREFIX = /^\/*courseware\/+/;

/**
 * An alias as an editor typed it, normalised for storage (decision record 005):
 * trimmed, lower-cased, a leading `/courseware/` dropped, then each `/`-separated
 * segment normalised like {@link aliasFromName}; empty segments are dropped.
 * Returns '' when nothing usable remains.
 */
export function normaliseAlias(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(COURSEWARE_PREFIX, '')
    .split('/')
    .map((segment) => aliasFromName(segment))
    .filter((segment) => segment.length > 0)
    .join('/');
}

/**
 * The alias of a new item (spec §2.6, §4 "Content modes"; decision record 015): the
 * editor's alias when one is given (normalised); else the name's alias, under the
 * parent's alias for a child. When the name has no usable characters the id stands
 * in, so an alias is never empty.
 */
export function newItemAlias(input: {
  readonly name: string;
  readonly id: string;
  readonly urlAlias?: string | undefined;
  readonly parentAlias?: string | null | undefined;
}): string {
  const given = input.urlAlias === undefined ? '' : normaliseAlias(input.urlAlias);
  if (given) return given;
  const own = aliasFromName(input.name) || input.id;
  return input.parentAlias ? `${input.parentAlias}/${own}` : own;
}
