import type { SVGProps } from 'react';
import { SvgIcon } from '../../../components/ui/svg-icons';

const Glyph = ({ path, ...props }: SVGProps<SVGSVGElement> & { path: string }) => (
  <SvgIcon width={20} height={20} {...props} path={path} />
);

type GlyphProps = SVGProps<SVGSVGElement>;

export const TuneIcon = (props: GlyphProps) => (
  <Glyph
    {...props}
    path="M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z"
  />
);

export const PaletteIcon = (props: GlyphProps) => (
  <Glyph
    {...props}
    path="M12 3a9 9 0 0 0 0 18c.83 0 1.5-.67 1.5-1.5 0-.39-.15-.74-.39-1.01-.23-.26-.38-.61-.38-.99 0-.83.67-1.5 1.5-1.5H16c2.76 0 5-2.24 5-5 0-4.42-4.03-8-9-8zm-5.5 9a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3-4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3 4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
  />
);

export const AnimationIcon = (props: GlyphProps) => (
  <Glyph
    {...props}
    path="M15 2a7 7 0 0 0-6.22 3.78 7.06 7.06 0 0 0-3 3A7 7 0 0 0 9 22a7 7 0 0 0 6.22-3.78 7.06 7.06 0 0 0 3-3A7 7 0 0 0 15 2zM9 20a5 5 0 0 1-4-8 7 7 0 0 0 7 7c-.84.63-1.88 1-3 1zm3-3a5 5 0 0 1-4-8 7 7 0 0 0 7 7c-.84.63-1.88 1-3 1zm4.7-3.3c-.53.19-1.1.3-1.7.3a5 5 0 0 1-5-5c0-.6.11-1.17.3-1.7.53-.19 1.1-.3 1.7-.3a5 5 0 0 1 5 5c0 .6-.11 1.17-.3 1.7zM19 12a7 7 0 0 0-7-7 5 5 0 0 1 7 7z"
  />
);

export const NightIcon = (props: GlyphProps) => (
  <Glyph
    {...props}
    path="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1z"
  />
);

export const PrivacyIcon = (props: GlyphProps) => (
  <Glyph
    {...props}
    path="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm0 10.99h7c-.53 4.12-3.28 7.79-7 8.94V12H5V6.3l7-3.11v8.8z"
  />
);
