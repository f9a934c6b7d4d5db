/**
 * The accessory catalogue the shop opens with: every category the spec names, some coming soon.
 * Every name and description here is the maker's own description of their product, not a
 * customer's word (issue 46): the seed holds no reviews, ratings or testimonials.
 */
import { BRAND_NAME } from "@shared/brand";
import type { products } from "./schema.js";

type NewProduct = typeof products.$inferInsert;

export const SEED_PRODUCTS: NewProduct[] = [
  {
    id: "usb-c-power-adapter",
    name: "USB-C Power Adapter",
    description:
      "A UK-plug 5 V adapter sized for our lightboxes, with a 2 m braided cable so the box can sit where it looks best.",
    category: "Accessories",
    price: 999,
    status: "available",
    sortOrder: 10,
    specifications: ["Output: 5 V, 2 A", "Cable: 2 m braided USB-C", "Plug: UK type G", "UKCA and CE marked"],
    features: [
      `Runs any ${BRAND_NAME} lightbox`,
      "Cool-running, silent",
      "Cable colour matches black and white frames",
    ],
    compatibility: `Every ${BRAND_NAME} lightbox made since 2024 (USB-C input).`,
  },
  {
    id: "remote-dimmer",
    name: "Remote Control Dimmer",
    description:
      "An inline dimmer with a small infrared remote: ten brightness steps and a 4-hour sleep timer for a bedside glow.",
    category: "Accessories",
    price: 1499,
    status: "available",
    sortOrder: 20,
    specifications: [
      "10 brightness levels",
      "Sleep timer: 1, 2 or 4 hours",
      "Remote range: 8 m",
      "CR2025 battery included",
    ],
    features: [
      "Plugs in between the adapter and the lightbox",
      "Remembers the last brightness",
      "Works as a night light",
    ],
    compatibility: `Any USB-C powered ${BRAND_NAME} lightbox.`,
  },
  {
    id: "warm-white-led-strip",
    name: "Spare Warm-White LED Strip",
    description:
      "The same 2700 K strip we fit in every lightbox, pre-cut with its connector, for a quick swap at home.",
    category: "Accessories",
    price: 1299,
    status: "available",
    sortOrder: 30,
    specifications: [
      "Colour temperature: 2700 K",
      "CRI above 90",
      "Rated 50,000+ hours",
      "Pre-cut with JST connector",
    ],
    features: ["Even light with no hot spots", "Ten-minute fit with no tools", "Fitting guide included"],
    compatibility: "All square, landscape and portrait lightboxes.",
  },
  {
    id: "wall-mount-kit",
    name: "Wall Mounting Kit",
    description:
      "A keyhole bracket, wall plugs and a cable clip set so your lightbox hangs flush on the wall with the cable tidied away.",
    category: "Mounting",
    price: 899,
    status: "available",
    sortOrder: 40,
    specifications: [
      "Steel keyhole bracket",
      "2 screws and wall plugs",
      "6 adhesive cable clips",
      "Holds up to 2 kg",
    ],
    features: [
      "Hangs flush, no visible fixings",
      "Level marks printed on the bracket",
      "Cable clips in white and black",
    ],
    compatibility: "Every frame size; brackets clip into the back of the frame.",
  },
  {
    id: "oak-desk-stand",
    name: "Solid Oak Desk Stand",
    description:
      "A slotted stand turned from Irish oak that tilts your lightbox back a few degrees, for a desk or a mantelpiece.",
    category: "Mounting",
    price: 2499,
    status: "coming_soon",
    sortOrder: 50,
    specifications: ["Solid oak, oiled finish", "10° tilt", "Felt feet", "Slot width 22 mm"],
    features: ["Hand-finished in Northern Ireland", "Cable channel underneath", "Fits every frame size"],
    compatibility: "Square and landscape frames up to 12 inch.",
  },
  {
    id: "battery-conversion-pack",
    name: "Battery Conversion Pack",
    description:
      "A rechargeable pack that clips into the back of the frame, so your lightbox can glow on a shelf with no cable in sight.",
    category: "Conversion",
    price: 1999,
    status: "available",
    sortOrder: 60,
    specifications: [
      "2,600 mAh lithium cell",
      "Up to 10 hours at full brightness",
      "USB-C charging",
      "Charge indicator LED",
    ],
    features: ["Clips in, no tools", "Over-charge and over-heat protection", "Charge while it glows"],
    compatibility: `Every ${BRAND_NAME} lightbox with a USB-C input.`,
  },
  {
    id: "smart-wifi-controller",
    name: "Smart Wi-Fi Controller",
    description:
      "Switch and dim your lightbox from your phone or a voice assistant, with sunrise and sunset schedules.",
    category: "Conversion",
    price: 2999,
    status: "coming_soon",
    sortOrder: 70,
    specifications: [
      "2.4 GHz Wi-Fi",
      "Works with Alexa and Google Home",
      "Schedules and scenes",
      "No hub needed",
    ],
    features: ["Set-up in the app in two minutes", "Remembers schedules offline", "Over-the-air updates"],
    compatibility: "USB-C powered lightboxes.",
  },
  {
    id: "walnut-replacement-frame",
    name: "Replacement Frame — Walnut Finish",
    description:
      "Change the look of a lightbox you already own: a walnut-finish frame that takes your existing panel and LEDs.",
    category: "Frames",
    price: 2499,
    status: "available",
    sortOrder: 80,
    specifications: [
      "PLA with walnut-finish wrap",
      "Includes diffuser",
      "Tool-free panel swap",
      "Sizes to match your lightbox",
    ],
    features: ["Warm wood tone", "Scratch-resistant finish", "Swaps in five minutes"],
    compatibility: "Tell us your lightbox size at checkout in the order note or by e-mail.",
  },
  {
    id: "frame-colour-swap",
    name: "Frame Colour Swap Kit",
    description:
      "Fancy a change? A fresh frame in any of our six colours, printed to order for your lightbox's size.",
    category: "Frames",
    price: 1999,
    status: "available",
    sortOrder: 90,
    specifications: [
      "Colours: white, black, brown, gray, silver, gold",
      "Printed to order",
      "Diffuser included",
    ],
    features: ["Keep your panel, change the mood", "Matte, fingerprint-resistant finish"],
    compatibility: "Square, landscape and portrait lightboxes.",
  },
  {
    id: "photo-restoration",
    name: "Photo Restoration Service",
    description:
      "Old, faded or creased photo? We repair scratches and lift the contrast by hand before we print, so it glows at its best.",
    category: "Images",
    price: 1499,
    status: "available",
    sortOrder: 100,
    specifications: [
      "Hand retouching by our designer",
      "Scratch, crease and stain repair",
      "Contrast tuned for backlighting",
    ],
    features: [
      "We send a proof before printing",
      "Your original file is never altered",
      "Adds 1-2 days to processing",
    ],
    compatibility: "Any lithophane order; we match it to your order by e-mail.",
  },
  {
    id: "spare-panel",
    name: "Spare Lithophane Panel",
    description:
      "A second panel in the same size to swap into your frame with the seasons: a new photo for the same lightbox.",
    category: "Images",
    price: 2499,
    status: "coming_soon",
    sortOrder: 110,
    specifications: ["Same size and thickness as your panel", "Printed in white PLA at 0.1 mm detail"],
    features: ["Swap photos in seconds", "Stored safely in the gift box"],
    compatibility: `${BRAND_NAME} lightboxes of the same size.`,
  },
  {
    id: "microfibre-care-kit",
    name: "Microfibre Care Kit",
    description:
      "Two microfibre cloths and a soft brush to keep dust out of the panel's fine relief without scratching it.",
    category: "Maintenance",
    price: 599,
    status: "available",
    sortOrder: 120,
    specifications: ["2 microfibre cloths, 20 x 20 cm", "Soft detailing brush", "Care card"],
    features: ["Lint-free", "Safe for printed panels and frames", "Machine washable cloths"],
    compatibility: "Every lightbox and panel.",
  },
  {
    id: "care-plan",
    name: "Two-Year Care Plan",
    description:
      "Two years of cover for the LEDs and electronics, with a free replacement panel if yours is ever damaged.",
    category: "Maintenance",
    price: 1999,
    status: "coming_soon",
    sortOrder: 130,
    specifications: [
      "24 months from delivery",
      "LED, cable and adapter cover",
      "One replacement panel included",
    ],
    features: ["No-quibble replacements", "Covers accidental damage to the panel"],
    compatibility: `Lightboxes bought from ${BRAND_NAME}.`,
  },
  {
    id: "led-lamp-base",
    name: "LED Lamp Base",
    description:
      "The warm-white LED base a lithophane lamp stands on: the shade's foot slides into its socket and the light shines up through your photos.",
    category: "Accessories",
    price: 1999,
    status: "available",
    sortOrder: 140,
    specifications: [
      "Warm-white LEDs, 2700 K",
      "Socket for 80, 100 and 120 mm lamp shades",
      "USB-C power, 1.5 m cable",
      "Touch switch with three brightness levels",
    ],
    features: ["Cool-running LEDs", "Non-slip foot", "Shades lift off to swap"],
    compatibility: `Every ${BRAND_NAME} lithophane lamp (small, medium and large).`,
  },
];
