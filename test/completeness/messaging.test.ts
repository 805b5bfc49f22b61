import { messagingOperations } from './messaging.cases.js';
import { describeDocumented } from './support.js';

// The inbox is polled (fast) so that the inbound messages reach the graph.
describeDocumented('messaging operations', messagingOperations, { env: { SMS_INBOX_POLL_MS: '20' } });
