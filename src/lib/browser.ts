function isSafari(userAgent: string): boolean {
  return userAgent.includes('Safari/') && !/Chrome|Chromium|CriOS|FxiOS|Edg|Android/.test(userAgent);
}

function isLegacyIe(userAgent: string): boolean {
  return userAgent.includes('MSIE') || userAgent.includes('Trident/');
}

/** EdgeHTML says `Edge/`; Chromium-based Edge says `Edg/` and is not affected. */
function isEdgeHtml(userAgent: string): boolean {
  return userAgent.includes('Edge/');
}

export function pageAnimationsUnsupported(userAgent: string): boolean {
  return isSafari(userAgent) || isLegacyIe(userAgent) || isEdgeHtml(userAgent);
}
