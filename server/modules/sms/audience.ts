/** Who an SMS goes to: the delivery engine's phone audience with the SMS rules (consent granted, not suppressed). */
export { audienceFigures, recipientsSql, resolveAudience, type ResolvedAudience } from '../delivery/audience.js';
