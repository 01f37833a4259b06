// Node 20 is what these machines run (LOCAL-STACK.md trap 7): the SDK's warning about it is noise here.
// A module of its own, imported first by start.ts: imports run before a module's body, and
// functions/src/adapters/aws-clients.ts creates its clients (which warn) when it is imported.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
