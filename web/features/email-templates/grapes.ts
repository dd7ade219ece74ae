import grapesjs, { type Editor, type ProjectData } from 'grapesjs';
import mjmlPlugin from 'grapesjs-mjml';
import 'grapesjs/dist/css/grapes.min.css';
import './grapes-overrides.css';
import iconsCss from './grapes-icons.css?url&no-inline';

// Loaded only by the e-mail template editor (a dynamic import): GrapesJS and its MJML preset
// (with mjml-browser) stay out of every other page's bundle (bench/bundle.ts).

export type { Editor };

export interface EditorOptions {
  container: HTMLElement;
  blocks: HTMLElement;
  /** the editor's saved project data; without it the MJML is loaded as components */
  design: Record<string, unknown> | null;
  mjml: string;
  /** font stacks from the editor configuration: no web font is fetched */
  fonts: { name: string; stack: string }[];
}

/**
 * A GrapesJS editor with the MJML preset: blocks (sections, columns, text, button, image,
 * divider, spacer…) dragged onto the canvas. Nothing leaves the browser: no storage manager (the
 * page saves through our API), no remote assets, no web fonts. The canvas runs no script a
 * template carries: GrapesJS's parser drops <script>, `on*` attributes and javascript: values
 * (the options below say so, not only its defaults). Its telemetry (a request to app.grapesjs.com
 * on every start) is off and its icon font is not fetched from a CDN: the pages'
 * Content-Security-Policy refuses both anyway.
 */
export function createEditor(options: EditorOptions): Editor {
  const editor = grapesjs.init({
    container: options.container,
    height: '100%',
    width: 'auto',
    fromElement: false,
    storageManager: false,
    telemetry: false,
    // no icon font from a CDN (GrapesJS's default links Font Awesome on cdnjs): the panels' buttons
    // are words; the sheet it links is an empty one of ours (with no link at all, the browser flow's
    // wait for an idle network on the editor timed out, for a reason not found)
    cssIcons: iconsCss,
    assetManager: { upload: false, embedAsBase64: false },
    blockManager: { appendTo: options.blocks },
    parser: { optionsHtml: { allowScripts: false, allowUnsafeAttr: false, allowUnsafeAttrValue: false } },
    plugins: [mjmlPlugin],
    pluginsOpts: {
      [mjmlPlugin as unknown as string]: {
        fonts: {},
        resetBlocks: true,
        imagePlaceholderSrc: '',
        useXmlParser: true,
      },
    },
    ...(options.design ? { projectData: options.design as unknown as ProjectData } : { components: options.mjml }),
  });
  // the panels' buttons in words (GrapesJS draws them with an icon font we do not fetch); the
  // blocks live beside the canvas and the preview is ours (a sandboxed frame), not GrapesJS's
  const words: Record<string, [string, string]> = {
    'sw-visibility': ['Outlines', 'Show the outline of every block'],
    'export-template': ['Code', 'See the MJML and the HTML'],
    'open-sm': ['Style', 'Style of the selected block'],
    'open-tm': ['Settings', 'Settings of the selected block (link, image address…)'],
    'open-layers': ['Layers', 'The blocks of the e-mail, nested'],
  };
  for (const panel of editor.Panels.getPanels().models) {
    for (const button of [...panel.buttons.models]) {
      const id = button.id as string;
      if (id === 'open-blocks' || id === 'preview' || id === 'fullscreen') panel.buttons.remove(button);
      else if (words[id]) button.set({ label: words[id][0], className: 'kz-gjs-word', attributes: { title: words[id][1] } });
    }
  }
  // the font menu of the style manager: our stacks, no font service
  editor.onReady(() => {
    const family = editor.StyleManager.getProperty('typography', 'font-family');
    if (family && 'setOptions' in family) (family as unknown as { setOptions(o: { id: string; label: string }[]): void }).setOptions(options.fonts.map((f) => ({ id: f.stack, label: f.name })));
  });
  return editor;
}

/** The MJML the editor holds now: what the server compiles on save. */
export const editorMjml = (editor: Editor): string => editor.getHtml().trim();

/** The editor's project data, kept so the next session opens the same design. */
export const editorDesign = (editor: Editor): Record<string, unknown> => editor.getProjectData() as unknown as Record<string, unknown>;

/**
 * Puts `{{ variable }}` where the caret is in the text being edited, else at the end of the
 * selected text or button. False when neither (the page then says how to do it).
 */
export function insertVariable(editor: Editor, tag: string): boolean {
  const rte = editor.RichTextEditor.globalRte;
  const escaped = tag.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  if (editor.getEditing() && rte) {
    rte.insertHTML(escaped);
    return true;
  }
  const selected = editor.getSelected();
  if (!selected || !['mj-text', 'mj-button', 'text'].includes(selected.get('type') ?? '')) return false;
  selected.components().add({ type: 'textnode', content: tag });
  return true;
}
