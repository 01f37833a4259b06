import { type Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  DkimIdentity,
  EasyDkimSigningKeyLength,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The CloudWatch dimension SES publishes the configuration set's events under (its auto-tag). */
export const SES_CONFIGURATION_SET_DIMENSION = 'ses:configuration-set';

/** The SES events the configuration set publishes to CloudWatch: the ones an operator must act on. */
export const PUBLISHED_EMAIL_EVENTS = [
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
] as const;

export interface PortalEmailProps {
  /** The From address of every portal e-mail (context `feedbackSender`). */
  readonly sender: string;
  /**
   * A domain to verify instead of the address (context `emailDomain`): the identity
   * becomes the domain (Easy DKIM, 2048-bit), so any address at it may send. The
   * sender must be an address at this domain.
   */
  readonly domain?: string;
  /** Applied to the identity and the configuration set. @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The portal's SES setup (issue 10 "email"; decision records 018, 025): the sending
 * identity (the sender's domain when one is given, else the sender's address) and a
 * configuration set every send names (`SES_CONFIGURATION_SET`, read by
 * `functions/src/adapters/email.ts`): TLS required to the receiving server,
 * reputation metrics on, bounces and complaints suppressed at the configuration set,
 * and bounces, complaints and rejects published as CloudWatch metrics
 * (namespace `AWS/SES`, dimension {@link SES_CONFIGURATION_SET_DIMENSION}) that the
 * observability construct alarms on.
 * @throws Error when `domain` is given and `sender` is not an address at it.
 */
export class PortalEmail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** `arn:<partition>:ses:<region>:<account>:configuration-set/<name>`: what sending with the set is authorised on. */
  readonly configurationSetArn: string;

  constructor(scope: Construct, id: string, props: PortalEmailProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    if (props.domain && !props.sender.toLowerCase().endsWith(`@${props.domain.toLowerCase()}`)) {
      throw new Error(`The e-mail sender ${props.sender} must be an address at emailDomain ${props.domain}`);
    }

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.applyRemovalPolicy(removalPolicy);
    this.configurationSet.addEventDestination('CloudWatch', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: SES_CONFIGURATION_SET_DIMENSION,
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: this.configurationSet.configurationSetName,
        },
      ]),
      events: [...PUBLISHED_EMAIL_EVENTS],
    });
    this.configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });

    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.domain ? Identity.domain(props.domain) : Identity.email(props.sender),
      ...(props.domain ? { dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT) } : {}),
      configurationSet: this.configurationSet,
    });
    this.identity.applyRemovalPolicy(removalPolicy);
  }

  /** A CloudWatch metric of the configuration set's `event` (Bounce, Complaint, Reject), summed. */
  metricEvent(event: 'Bounce' | 'Complaint' | 'Reject', props: { period?: Duration } = {}): Metric {
    return new Metric({
      namespace: 'AWS/SES',
      metricName: event,
      dimensionsMap: { [SES_CONFIGURATION_SET_DIMENSION]: this.configurationSet.configurationSetName },
      statistic: 'Sum',
      period: props.period,
    });
  }
}
