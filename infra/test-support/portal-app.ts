import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Brand } from '#shared/enums';
import { BUNDLE_TASKS, bundleTaskEntry } from '../constructs/bundle-workflow.ts';
import { handlerEntry, housekeepingEntry, indexerEntry, routedGroups, thumbnailEntry } from '../stacks/api-stack.ts';
import type { PortalOptions } from '../stacks/portal.ts';

/**
 * What the CDK Template tests share (`infra/stacks/*.test.ts`, `infra/nag/nag.test.ts`):
 * a throw-away project with a stand-in SPA build and stand-in handler entries, and apps
 * that synthesise with bundling skipped, so a synthesis of the whole portal takes
 * seconds and never runs esbuild.
 */

/** The committed cdk.json context: feature flags and the brands' runtime configuration. */
export const CDK_CONTEXT: Readonly<{ runtimeConfig: Readonly<Record<Brand, Record<string, unknown>>> }> &
  Readonly<Record<string, unknown>> = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../cdk.json'), 'utf8'),
).context;

/** A temporary folder holding a stand-in SPA build and a stand-in project with every handler entry. */
export interface StandInProject {
  readonly workDir: string;
  /** What `createPortal(app, options)` takes: the stand-in SPA build and project root. */
  readonly portalOptions: Required<Pick<PortalOptions, 'webAssetPath' | 'projectRoot'>>;
  /**
   * A new app writing into its own folder under `workDir`, with the cdk.json context,
   * bundling skipped (`aws:cdk:bundling-stacks: []`) and `context` on top.
   */
  newApp(context?: Record<string, unknown>): App;
  /** Deletes `workDir`. */
  dispose(): void;
}

/**
 * Creates the stand-in project under the OS temp folder (`<prefix>XXXXXX`): `web/`
 * with an index.html and one hashed asset, `project/` with an empty package-lock.json
 * and an entry exporting `handler` for every client group of the route table, the
 * catalog indexer, both housekeeping jobs and the bundle workflow's tasks.
 */
export function createStandInProject(prefix: string): StandInProject {
  const workDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const webAssetPath = path.join(workDir, 'web');
  mkdirSync(path.join(webAssetPath, 'assets'), { recursive: true });
  writeFileSync(path.join(webAssetPath, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webAssetPath, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
  const projectRoot = path.join(workDir, 'project');
  mkdirSync(projectRoot);
  writeFileSync(path.join(projectRoot, 'package-lock.json'), '{}');
  for (const entry of [
    ...routedGroups().map((group) => handlerEntry(projectRoot, group)),
    indexerEntry(projectRoot),
    thumbnailEntry(projectRoot),
    housekeepingEntry(projectRoot, 'upload-sweeper'),
    housekeepingEntry(projectRoot, 'feedback-resender'),
    housekeepingEntry(projectRoot, 'outbox-sender'),
    housekeepingEntry(projectRoot, 'saved-search-digest'),
    housekeepingEntry(projectRoot, 'scheduled-publisher'),
    housekeepingEntry(projectRoot, 'update-notices'),
    ...BUNDLE_TASKS.map((task) => bundleTaskEntry(projectRoot, task)),
  ]) {
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, 'export const handler = async () => ({});\n');
  }
  return {
    workDir,
    portalOptions: { webAssetPath, projectRoot },
    newApp: (context = {}) =>
      new App({
        outdir: mkdtempSync(path.join(workDir, 'cdk.out-')),
        context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
      }),
    dispose: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

/** An IAM policy statement as it appears in a template. */
export interface PolicyStatementJson {
  Action: string | string[];
  Effect: string;
  Resource: unknown;
  Condition?: unknown;
}

/**
 * The statements of every `AWS::IAM::Policy` attached to the role of the Lambda
 * function with logical id `functionId` in `template`.
 * @throws Error when the template has no such function.
 */
export function policyStatementsOf(template: Template, functionId: string): PolicyStatementJson[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionId];
  if (!fn) throw new Error(`No function ${functionId} in the template.`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
}
