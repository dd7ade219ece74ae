// What other modules use of the media library (docs/decisions/0040-media-library.md): CMS pages
// and events attach files to their records and show them on pages seen without an account.
export { registerMediaOwner, type MediaOwner } from './owners.js';
export { findFile as findMediaFile, mediaFileUrl, publicFile as mediaFileAnswer, signedMediaUrl } from './service.js';
