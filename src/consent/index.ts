export { consentForbidden, consentRequired, consentUnauthenticated } from '../errors.js';
export { MemoryConsentStore } from './memoryStore.js';
export { CONSENT_SCOPES, parseScopes } from './scopes.js';
export {
  ConsentService,
  type CompleteOutcome,
  type CompleteSmsOutcome,
  type CompleteCodeOutcome,
  type StartSmsOutcome,
  type CodeChallenge,
} from './service.js';
export { ConsentSession } from './session.js';
export type { ConsentGrant, ConsentRecord, ConsentStore, ConsentView } from './types.js';
export { UpstreamGrants } from './upstreamGrants.js';
