import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { CLIENT_ERROR_LOG_MESSAGE } from '#shared/contracts/client-error';
import type { PortalEmail } from './email.ts';

/**
 * The alarms' thresholds and periods (issue 10 "observability"). Every alarm fires on
 * one period above its threshold and treats missing data as not breaching (no
 * traffic, no failures: OK).
 * - `http5xx`: the HTTP API's 5xx responses as a percentage of its requests over 5
 *   minutes, above `percent`, counted only when there were at least `minRequests`
 *   requests in those 5 minutes (a single failure among 3 requests is not an outage);
 * - `lambda`: any error (an unhandled exception or a timeout) or throttle of any
 *   function in 5 minutes;
 * - `workflow`: any bundle workflow execution failed, timed out or aborted in 5 minutes;
 * - `deadLetter`: any message waiting in a failure queue (highest count over 5 minutes);
 * - `email`: any bounce, complaint or reject of the portal's e-mail in an hour (its
 *   recipients are the team's own inboxes: one bounce means a broken address);
 * - `clientErrors`: `reports` or more client error reports of the SPA (issue 21 item
 *   24; decision record 037) in 5 minutes — one broken page in many browsers, not one
 *   reader's flaky network (each browser sends at most 10 a minute).
 */
export const ALARM_SETTINGS = {
  http5xx: { percent: 5, minRequests: 20, period: Duration.minutes(5) },
  lambda: { errors: 1, throttles: 1, period: Duration.minutes(5) },
  workflow: { failures: 1, period: Duration.minutes(5) },
  deadLetter: { messages: 1, period: Duration.minutes(5) },
  email: { events: 1, period: Duration.hours(1) },
  clientErrors: { reports: 50, period: Duration.minutes(5) },
} as const;

/** The namespace of the portal's own metrics (from log metric filters). */
export const PORTAL_METRIC_NAMESPACE = 'CoursewarePortal';
/** The metric counting the client error reports the API logged (issue 21 item 24). */
export const CLIENT_ERROR_METRIC = 'ClientErrorReports';

export interface PortalObservabilityProps {
  readonly httpApi: IHttpApi;
  /** Every function to watch, by a readable name (PascalCase: it names the alarms). */
  readonly functions: Readonly<Record<string, IFunction>>;
  /** The bundle workflow's state machine. */
  readonly stateMachine: IStateMachine;
  /** Every dead-letter and failure queue, by a readable name (PascalCase). */
  readonly failureQueues: Readonly<Record<string, IQueue>>;
  /** The portal's SES configuration set: its bounces, complaints and rejects are alarmed. */
  readonly email?: PortalEmail;
  /** An address subscribed to the alarm topic (context `alarmEmail`); it must confirm the subscription. */
  readonly alarmEmail?: string;
  /**
   * The log group of the function that logs the SPA's client error reports (the meta
   * group's): a metric filter counts them and an alarm watches the count.
   */
  readonly clientErrorLogGroup?: ILogGroup;
  /** Applied to the topic's KMS key. @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * Alarms of the portal and the topic they notify (issue 10 "observability"): an SNS
 * topic encrypted with its own KMS key (CloudWatch cannot publish to a topic under the
 * AWS-managed SNS key) that refuses non-TLS publishers, optionally with an e-mail
 * subscription, and the alarms of {@link ALARM_SETTINGS} — HTTP API 5xx rate, errors
 * and throttles of every function, bundle workflow failures, messages in every
 * failure queue, SES bounces/complaints/rejects, the SPA's client error reports (a log
 * metric filter on the meta function's log group) — each notifying the topic when it
 * fires and when it recovers. The topic's ARN is a stack output (`AlarmTopicArn`).
 */
export class PortalObservability extends Construct {
  readonly topic: Topic;
  readonly topicKey: Key;
  /** Every alarm, by its construct id. */
  readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: PortalObservabilityProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;

    this.topicKey = new Key(this, 'AlarmTopicKey', {
      description: `${stackName}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    // CloudWatch alarms publish to an encrypted topic only when the key lets them.
    this.topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `${stackName} alarms`,
      masterKey: this.topicKey,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    new CfnOutput(Stack.of(this), 'AlarmTopicArn', {
      description: 'SNS topic every portal alarm notifies: subscribe on-call addresses or chat integrations here',
      value: this.topic.topicArn,
    });

    const action = new SnsAction(this.topic);
    const alarms = new Map<string, Alarm>();
    const alarm = (
      alarmId: string,
      description: string,
      metric: IMetric,
      threshold: number,
      comparisonOperator = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    ): void => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${stackName}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      alarms.set(alarmId, created);
    };

    const http = ALARM_SETTINGS.http5xx;
    alarm(
      'Http5xxRate',
      `More than ${http.percent}% of the HTTP API's requests answered 5xx in ${http.period.toMinutes()} minutes (counted from ${http.minRequests} requests on).`,
      new MathExpression({
        label: 'HTTP API 5xx rate (%)',
        expression: `IF(requests >= ${http.minRequests}, 100 * errors / requests, 0)`,
        usingMetrics: {
          errors: props.httpApi.metricServerError({ statistic: 'Sum', period: http.period }),
          requests: props.httpApi.metricCount({ statistic: 'Sum', period: http.period }),
        },
        period: http.period,
      }),
      http.percent,
      ComparisonOperator.GREATER_THAN_THRESHOLD,
    );

    const lambda = ALARM_SETTINGS.lambda;
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}Errors`,
        `The ${name} function failed (unhandled error or timeout) in the last ${lambda.period.toMinutes()} minutes.`,
        fn.metricErrors({ statistic: 'Sum', period: lambda.period }),
        lambda.errors,
      );
      alarm(
        `${name}Throttles`,
        `The ${name} function was throttled in the last ${lambda.period.toMinutes()} minutes.`,
        fn.metricThrottles({ statistic: 'Sum', period: lambda.period }),
        lambda.throttles,
      );
    }

    const workflow = ALARM_SETTINGS.workflow;
    alarm(
      'BundleWorkflowFailures',
      `A bundle workflow execution failed, timed out or was aborted in the last ${workflow.period.toMinutes()} minutes.`,
      new MathExpression({
        label: 'Bundle executions failed, timed out or aborted',
        expression: 'FILL(failed, 0) + FILL(timedOut, 0) + FILL(aborted, 0)',
        usingMetrics: {
          failed: props.stateMachine.metricFailed({ statistic: 'Sum', period: workflow.period }),
          timedOut: props.stateMachine.metricTimedOut({ statistic: 'Sum', period: workflow.period }),
          aborted: props.stateMachine.metricAborted({ statistic: 'Sum', period: workflow.period }),
        },
        period: workflow.period,
      }),
      workflow.failures,
    );

    const deadLetter = ALARM_SETTINGS.deadLetter;
    for (const [name, queue] of Object.entries(props.failureQueues)) {
      alarm(
        `${name}Messages`,
        `The ${name} queue holds failed work: read its messages, fix the cause, then purge it.`,
        queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: deadLetter.period }),
        deadLetter.messages,
      );
    }

    if (props.email) {
      const email = ALARM_SETTINGS.email;
      for (const event of ['Bounce', 'Complaint', 'Reject'] as const) {
        alarm(
          `Email${event}s`,
          `A portal e-mail ${event === 'Reject' ? 'was rejected by SES' : `had a ${event.toLowerCase()}`} in the last hour: check the recipient addresses and the SES suppression list.`,
          props.email.metricEvent(event, { period: email.period }),
          email.events,
        );
      }
    }
    if (props.clientErrorLogGroup) {
      const clientErrors = ALARM_SETTINGS.clientErrors;
      // One event per accepted report (functions/src/api/meta/report-client-error.ts): a
      // JSON line of the portal's logger whose `message` is the report's (decision record 046).
      const filter = new MetricFilter(this, 'ClientErrorReportFilter', {
        logGroup: props.clientErrorLogGroup,
        filterPattern: FilterPattern.stringValue('$.message', '=', CLIENT_ERROR_LOG_MESSAGE),
        metricNamespace: PORTAL_METRIC_NAMESPACE,
        metricName: CLIENT_ERROR_METRIC,
        metricValue: '1',
      });
      alarm(
        'ClientErrorReports',
        `Browsers reported ${clientErrors.reports} or more errors in the last ${clientErrors.period.toMinutes()} minutes: search the meta function's log for "${CLIENT_ERROR_LOG_MESSAGE}".`,
        filter.metric({ statistic: 'Sum', period: clientErrors.period }),
        clientErrors.reports,
      );
    }
    this.alarms = alarms;
  }
}
