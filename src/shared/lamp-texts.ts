/**
 * The lithophane lamp's texts (issue 48 item 2): its creator at /create/lamp, its 3D view and its card in
 * the shop and on the home page. One place, so the page, the card and the tests read the same words.
 * Imports nothing: the home page's link reads it in its first load (limits come in as arguments).
 */
const photoWord = (n: number) => (n === 1 ? "photo" : "photos");

export const LAMP_TEXTS_WEB = {
  page: {
    title: "Create Your Lithophane Lamp",
    intro:
      "A glowing cylinder shade with one to four of your photos side by side around it, lit from inside by an LED base.",
    baseNote: "The LED lamp base is sold separately in the shop.",
    baseLink: "See the LED base",
  },
  steps: {
    size: "Choose a size",
    photos: "Add your photos",
    crop: "Position each photo",
    preview: "See it lit",
    stepLabel: (n: number) => `Step ${n}: `,
    locked: "Complete the previous step first",
  },
  size: {
    legend: "Lamp size",
    dimensions: (diameterMm: number, heightMm: number) => `${diameterMm} mm across x ${heightMm} mm tall`,
    comingSoon: "Coming soon",
    loading: "Loading the sizes…",
    none: "The lamp is not on sale just now. Please check back soon.",
    failed: "We could not load the lamp's sizes. Please check your connection and try again.",
    retry: "Try again",
  },
  photos: {
    intro: (max: number) => `Add one to ${max} photos: they sit side by side around the lamp, in this order.`,
    count: (n: number, max: number) => `${n} of ${max} photos added`,
    photoLabel: (n: number, of: number) => `Photo ${n} of ${of}`,
    addLabel: (n: number) => `Upload photo ${n}`,
    full: (max: number) => `That is the most a lamp takes: ${max} photos.`,
    remove: (label: string) => `Remove ${label.toLowerCase()}`,
    moveLeft: (label: string) => `Move ${label.toLowerCase()} left`,
    moveRight: (label: string) => `Move ${label.toLowerCase()} right`,
    recropNote:
      "Adding or removing a photo changes every photo's frame: position them again in the next step.",
  },
  crop: {
    intro: (n: number) =>
      n === 1
        ? "Your photo wraps all the way around the lamp. Drag it, or use the arrow keys, to choose what shows."
        : `Each photo covers 1/${n} of the way around. Drag each one, or use the arrow keys, to choose what shows.`,
  },
  preview: {
    heading: "Your lamp, lit",
    intro: "Drag to turn it, or use the buttons or the arrow keys.",
    viewLabel: (sizeName: string, photos: number) =>
      `3D preview of your ${sizeName} lithophane lamp with ${photos} ${photoWord(photos)} around, lit from inside`,
    loading: "Building your lamp…",
    updating: "Updating…",
    failed: "The 3D preview could not be built. Your photos and choices are kept.",
    unavailable: "This browser cannot show the 3D preview. You can still order your lamp.",
    turnLeft: "Turn the lamp left",
    turnRight: "Turn the lamp right",
    resetView: "Reset the view",
    light: "Light",
    lightHint: (on: boolean) =>
      on ? "Lit from inside, as on its LED base." : "Light off: the relief in daylight.",
  },
  cart: {
    add: "Add to Cart",
    adding: "Adding…",
    price: (price: string) => `${price}`,
    added: "Lithophane lamp added to your cart",
    viewCart: "View cart",
    startOver: "Make another lamp",
    problems: {
      "no-size": "Choose a size first.",
      "size-unavailable": "That size is not on sale just now: choose another.",
      "no-photos": "Add at least one photo first.",
    },
    notYet: "The lamp cannot be added to the cart just yet. Please try again later.",
  },
  card: {
    eyebrow: "New",
    title: "Lithophane lamp",
    text: "One to four of your photos around a glowing cylinder shade. Choose a size, position your photos and see it lit before you order.",
    sizes: "Sizes",
    base: "Stands on our LED lamp base, sold separately in the accessories below.",
    fromPrice: (price: string) => `From ${price}`,
    cta: "Create your lamp",
    homeLink: "Or make a lithophane lamp",
  },
} as const;
