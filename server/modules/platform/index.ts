// What other modules use of the platform operator (docs/decisions/0031).
export { isOperator, operatorOnly, requireOperator, grantOperator, revokeOperator, listOperators } from './operators.js';
