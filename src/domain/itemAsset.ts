/** What an item's asset column may hold (spec section 3): url, font_family, color, icon. */
export interface ItemAsset {
  url?: string;
  font_family?: string;
  color?: string;
  icon?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The asset fields of a row, ignoring anything of the wrong shape (the column is free-form JSON). */
export function assetOf(item: { asset: unknown } | undefined): ItemAsset {
  const raw = item?.asset;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const asset: ItemAsset = {};
  const url = text(record.url);
  const fontFamily = text(record.font_family);
  const color = text(record.color);
  const icon = text(record.icon);
  if (url !== undefined) asset.url = url;
  if (fontFamily !== undefined) asset.font_family = fontFamily;
  if (color !== undefined) asset.color = color;
  if (icon !== undefined) asset.icon = icon;
  return asset;
}
