/**
 * The bundle workflow's correlation id, written as `correlation_id` on every log line
 * of its tasks (issue 23 item 6; decision record 046): the bundle id, which is also
 * the execution's name, read from a state's input (`$.bundleId`, or `$.run.bundleId`
 * for the finish step). Undefined when the input carries none.
 */
export function bundleIdOf(input: { readonly bundleId?: unknown } | undefined): string | undefined {
  return typeof input?.bundleId === 'string' ? input.bundleId : undefined;
}
