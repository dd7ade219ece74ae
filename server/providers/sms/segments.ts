// The counter lives in common/ so the pages count a text the way a send is charged.
export { messageParts, type MessageParts, type SmsEncoding } from '../../../common/sms-parts.js';
