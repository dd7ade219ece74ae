// The rows the email template endpoints answer (decision 0017; SPEC §7 Email; decision 0039).

/** A template in the list and in write answers: what it says, not its (large) design and HTML. */
export type EmailTemplateRow = {
  id: number;
  name: string;
  subject: string;
  preheader: string | null;
  /** the variables the template uses (subject, preheader and body), e.g. ["first_name", "custom.region"] */
  variables: string[];
  created_at: string;
  updated_at: string;
};

/** The whole template, for its editor (Email/Templates/Edit's props). */
export type EmailTemplateFull = EmailTemplateRow & {
  mjml: string;
  /** the editor's project data; null for a template written as MJML without the editor */
  design: Record<string, unknown> | null;
  /** the compiled, sanitised HTML that goes out (variables still in it) */
  html: string;
  text: string;
};

/** POST /email/templates/preview → { data }: the message as one contact gets it. */
export type EmailTemplatePreview = {
  subject: string;
  html: string;
  text: string;
  variables: string[];
  /** MJML's warnings that did not stop the compile (unknown attributes and the like) */
  warnings: string[];
};

/** A variable the editor offers: {{ first_name }}, {{ custom.region }} */
export type EmailVariable = { variable: string; label: string };

/**
 * POST /email/templates/token and GET /email/beefree/uid → { data } (decision 0039): what the
 * self-hosted editor needs to start. The names come from the hosted editor the spec described;
 * the answer is our editor's configuration.
 */
export type EmailEditorConfig = {
  /** the editor and its preset, with versions: "grapesjs@0.23.6 + grapesjs-mjml@1.0.8" */
  editor: string;
  /** a stable, non-secret id of the company and user in the editor (for its local storage keys) */
  uid: string;
  /** a short-lived signed token the editor sends back as X-Editor-Token to preview and upload */
  token: string;
  expires_at: string;
  variables: EmailVariable[];
  /** font stacks offered in the editor: no web font is fetched, the product works offline */
  fonts: { name: string; stack: string }[];
  /** where the editor uploads images (multipart `file`), or null when the user may not upload */
  upload_url: string | null;
  preview_url: string;
  merge_tag: { open: string; close: string };
};
