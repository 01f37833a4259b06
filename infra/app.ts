import { App } from 'aws-cdk-lib';
import { applyNagChecks, applyNagSuppressions } from './nag/index.ts';
import { createPortal } from './stacks/portal.ts';

const app = new App();
const portal = createPortal(app);
// cdk-nag AwsSolutions: an unacknowledged error fails `cdk synth`; the report is
// printed and written to cdk.out/validation-report.json (docs/deploy.md "cdk-nag").
applyNagChecks(app);
applyNagSuppressions(portal);
