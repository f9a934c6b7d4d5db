/** The shop page's own texts (issue 20's featured lightbox card); the shop is a lazy chunk. */
export const SHOP_TEXTS = {
  featuredEyebrow: "Our lightbox",
  featuredTitle: "Custom lithophane lightbox",
  featuredText:
    "Your photo, 3D-printed as a lithophane and framed in a warm LED lightbox. Choose the shape, frame colour and size in the creator, and see it lit before you order.",
  fromPrice: (price: string) => `From ${price}`,
  bundlesHeading: "Collections",
  bundleLine: (count: number) => (count === 1 ? "1 lithophane" : `${count} lithophanes`),
  save: (percent: number) => `Save ${percent}%`,
  productPhotoAlt: (name: string) => `${name}`,
} as const;
