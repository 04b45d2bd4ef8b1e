export const FALLBACK_THUMBNAIL = '/icons/icon.svg';

/** The picture of an app's card: its thumbnail, or the portal's icon for an app without one. */
export function appThumbnail(app: { thumbnail: string | null }): string {
  return app.thumbnail ?? FALLBACK_THUMBNAIL;
}
