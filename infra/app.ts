import { App } from 'aws-cdk-lib';
import { createPortal } from './stacks/portal.ts';

createPortal(new App());
