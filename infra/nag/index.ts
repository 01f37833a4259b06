import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

export { applyNagSuppressions, NAG_PACK_PREFIX } from './suppressions.ts';

/**
 * Name of the validation report CDK writes into the cloud assembly (`cdk.out/validation-report.json`):
 * every plugin's violations, AwsSolutions among them, and the acknowledged ones with their reasons.
 */
export const VALIDATION_REPORT_FILE = 'validation-report.json';

/**
 * Runs the cdk-nag AwsSolutions rule pack (cdk-nag 3: a CDK policy validation plugin,
 * no longer an Aspect) over every stack of `app` when it is synthesised. An
 * unacknowledged error fails synthesis: `cdk synth` / `npm run synth` print the
 * finding and end with "Synthesis finished with errors" (exit code 1), and an
 * in-memory `app.synth()` (tests) throws the report. Warnings (CFR1, CFR2, COG2…) are
 * reported alongside; `infra/nag/nag.test.ts` fails on them too. The CLI only shows the
 * findings of the stacks it was asked for (`cdk synth Portal-USCR-dev-Web` hides the
 * Api stack's). CDK writes the whole report to `cdk.out/validation-report.json`.
 * Verbose: each finding carries the rule's explanation. Acknowledgements
 * (`Validations.of(construct).acknowledge`) come from {@link applyNagSuppressions}.
 * @returns the registered pack
 */
export function applyNagChecks(app: App): AwsSolutionsChecks {
  const pack = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(pack);
  return pack;
}
