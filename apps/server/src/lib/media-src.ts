/** Media URLs are templates: `{w}` is replaced by one of the published widths. */
export const mediaSrc = (mediaKey: string) => `/media/${mediaKey}/{w}.webp`;
