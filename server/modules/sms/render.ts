// placeholder until the templates branch lands (same interface)
export type RenderContact = { first_name: string | null; last_name: string | null; phone: string | null; email: string | null; custom: Record<string, unknown> };
export interface CompiledMessage {
  personalised: boolean;
  variables: string[];
  render(contact: RenderContact): string;
}
export class MessageTemplateError extends Error {}
export function compileMessage(body: string, _customKeys: readonly string[]): CompiledMessage {
  return { personalised: false, variables: [], render: () => body };
}
