import type { FrameLocator, Page } from 'playwright-core';

// The GrapesJS e-mail editor (Email templates), shared by the flows that build a template in it.

/** The editor's canvas (GrapesJS draws the design in its own frame). */
export const grapesCanvas = (page: Page): FrameLocator => page.frameLocator('.gjs-frame');

/** A block of the editor's block list, by its title ("Text", "Button"…). */
export const grapesBlock = (page: Page, name: string) => page.getByTestId('email-blocks').locator(`.gjs-block[title="${name}"]`);

/**
 * Drags a block from the list with the mouse onto the canvas, just inside the bottom of the
 * element showing `text`, and drops it once GrapesJS shows where it will go. `shot` names a
 * picture of the page taken after the drop.
 */
export async function dragGrapesBlock(page: Page, name: string, text: string, shot: string) {
  const from = (await grapesBlock(page, name).boundingBox())!;
  const to = (await grapesCanvas(page).getByText(text).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + 40, to.y + to.height - 6, { steps: 20 });
  // GrapesJS shows where the block will go once it has placed it: drop only then
  for (let i = 0; (await page.locator('.gjs-placeholder').filter({ visible: true }).count()) === 0 && i < 50; i++) await page.mouse.move(to.x + 40 + (i % 5), to.y + to.height - 4 - (i % 3));
  await page.locator('.gjs-placeholder').filter({ visible: true }).waitFor();
  await page.mouse.up();
  // a picture of the canvas after the drop (the screenshot also flushes the drop of Playwright's intercepted drag into the frame)
  await page.screenshot({ path: shot });
}
