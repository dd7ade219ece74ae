/** The message renderer is the delivery engine's, shared by every channel (delivery/render.ts). */
export { compileMessage, liquidErrorSentence, MESSAGE_VARIABLES, MessageTemplateError, messageVariables, type CompiledMessage, type RenderContact } from '../delivery/render.js';
