import { CREATOR_MAX_ZOOM } from "@shared/upload-copy";

/** The crop's zoom range: the slider under the frame and react-easy-crop's wheel and pinch. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = CREATOR_MAX_ZOOM;
