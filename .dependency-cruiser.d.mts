import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

/** One layer of docs/architecture.md "Layers": its folder and the layers it may import besides itself. */
export interface Layer {
  readonly id: string;
  /** `web/src/app/`; a `<name>/` segment makes each subfolder an island that imports no sibling. */
  readonly folder: string;
  readonly what: string;
  readonly mayImport: readonly string[];
}

export const TEST_FILES: readonly string[];
export const TEST_KITS: readonly string[];
export const LAYERS: readonly Layer[];
export const GLOBAL_RULES: IForbiddenRuleType[];
/** The doc's wording of a layer's `mayImport`: "web/src/lib/, web/src/hooks/ and itself". */
export function mayImportText(layer: Layer): string;
declare const config: IConfiguration;
export default config;
