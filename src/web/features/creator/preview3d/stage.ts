/**
 * The three.js half of the backlit preview: scene, camera, lights, the panel and its frame. Loaded with a
 * dynamic import by LithophaneView, so three.js is a chunk of its own, fetched only when a preview shows.
 * Renders on demand (after a change, a drag or a resize), never in a loop.
 */
import { type BacklitPreview, offsetOutline } from "@lithophane/backlight";
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  DataTexture,
  DirectionalLight,
  ExtrudeGeometry,
  Group,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  RGBAFormat,
  Scene,
  Shape,
  Spherical,
  SRGBColorSpace,
  UnsignedByteType,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";

const FRAME_WIDTH_MM = 9;
const FRAME_DEPTH_MM = 14;
const DEFAULT_FRAME_HEX = "#d6d3d1";
const PLA_WHITE = "#f4f1ea";
/** Where the camera starts: a little to the right and above, so the depth shows. */
export const START_AZIMUTH = 0.28;
export const START_POLAR = Math.PI / 2 - 0.16;

export interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  holder: Group;
  ambient: AmbientLight;
  key: DirectionalLight;
  distance: number;
  panel: Mesh<BufferGeometry, MeshBasicMaterial | MeshStandardMaterial> | null;
  frame: Mesh<ExtrudeGeometry, MeshStandardMaterial> | null;
  litMaterial: MeshBasicMaterial;
  unlitMaterial: MeshStandardMaterial;
  texture: DataTexture | null;
  /** Set once the camera has its starting place; later rebuilds keep the viewer's angle. */
  placed: boolean;
  disposed: boolean;
  render: () => void;
}

function frameGeometry(preview: BacklitPreview): ExtrudeGeometry {
  const { shape, widthMm, heightMm, borderMm } = preview;
  const toShape = (xs: Float64Array, ys: Float64Array, reverse: boolean): Shape => {
    const points: [number, number][] = [];
    for (let k = 0; k < xs.length; k++) points.push([xs[k]!, ys[k]!]);
    if (reverse) points.reverse();
    const path = new Shape();
    for (const [k, [x, y]] of points.entries()) {
      if (k === 0) path.moveTo(x, y);
      else path.lineTo(x, y);
    }
    path.closePath();
    return path;
  };
  const outer = offsetOutline(shape, widthMm, heightMm, FRAME_WIDTH_MM);
  // The opening covers most of the lip, as the real frame does.
  const inner = offsetOutline(shape, widthMm, heightMm, -Math.max(0, borderMm - 0.6));
  const outline = toShape(outer.xs, outer.ys, false);
  outline.holes.push(toShape(inner.xs, inner.ys, true));
  const geometry = new ExtrudeGeometry(outline, {
    depth: FRAME_DEPTH_MM,
    bevelEnabled: true,
    bevelThickness: 1.2,
    bevelSize: 1.2,
    bevelSegments: 2,
    curveSegments: 4,
  });
  // Model space: the panel's flat face is z = 0 and faces the viewer once the holder is turned; the frame
  // stands 1.5 mm proud of it and runs back past the relief.
  geometry.translate(-widthMm / 2, -heightMm / 2, -1.5);
  return geometry;
}

export function createStage(canvasHost: HTMLDivElement): Stage {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true, powerPreference: "low-power" });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0);
  const canvas = renderer.domElement;
  canvas.setAttribute("aria-hidden", "true");
  canvas.style.display = "block";
  canvas.style.width = "100%";
  canvas.style.height = "100%";
  canvasHost.appendChild(canvas);

  const scene = new Scene();
  const camera = new PerspectiveCamera(30, 1, 10, 5000);
  // The light follows the camera: front light, whichever way the panel is turned.
  const key = new DirectionalLight(0xffffff, 2.4);
  // From the upper left and a little to the side, so the relief shows when the panel is turned over.
  key.position.set(-0.9, 1, 0.7);
  camera.add(key);
  scene.add(camera);
  const ambient = new AmbientLight(0xffffff, 0.7);
  scene.add(ambient);
  const holder = new Group();
  // The flat face (z = 0, facing -z in model space) is the front: turn it towards the camera.
  holder.rotation.y = Math.PI;
  scene.add(holder);

  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.enableZoom = false;
  controls.enableDamping = false;
  controls.rotateSpeed = 0.7;

  const litMaterial = new MeshBasicMaterial({ color: 0xffffff });
  const unlitMaterial = new MeshStandardMaterial({ color: PLA_WHITE, roughness: 0.8, metalness: 0 });
  let frameRequested = 0;
  const stage: Stage = {
    renderer,
    scene,
    camera,
    controls,
    holder,
    ambient,
    key,
    distance: 600,
    panel: null,
    frame: null,
    litMaterial,
    unlitMaterial,
    texture: null,
    placed: false,
    disposed: false,
    render: () => {
      if (frameRequested || stage.disposed) return;
      frameRequested = requestAnimationFrame(() => {
        frameRequested = 0;
        if (!stage.disposed) renderer.render(scene, camera);
      });
    },
  };
  controls.addEventListener("change", stage.render);
  return stage;
}

export function placeCamera(stage: Stage, azimuth: number, polar: number): void {
  const offset = new Vector3().setFromSpherical(new Spherical(stage.distance, polar, azimuth));
  stage.camera.position.copy(stage.controls.target).add(offset);
  stage.camera.lookAt(stage.controls.target);
  stage.controls.update();
  stage.render();
}

export function disposeStage(stage: Stage): void {
  stage.disposed = true;
  stage.controls.dispose();
  stage.panel?.geometry.dispose();
  stage.frame?.geometry.dispose();
  stage.frame?.material.dispose();
  stage.texture?.dispose();
  stage.litMaterial.dispose();
  stage.unlitMaterial.dispose();
  stage.renderer.dispose();
  stage.renderer.forceContextLoss();
  stage.renderer.domElement.remove();
}

export function applyLighting(stage: Stage, lit: boolean): void {
  if (stage.panel) stage.panel.material = lit ? stage.litMaterial : stage.unlitMaterial;
  // Lit: a dim room, the panel glows by itself (unlit material). Unlit: daylight from the front.
  stage.ambient.intensity = lit ? 0.35 : 0.65;
  stage.key.intensity = lit ? 0.6 : 2.4;
  stage.render();
}

/**
 * Repaints the panel with other texels of the same grid (a colour panel's hatched gamut view),
 * leaving its mesh as it is.
 */
export function setPanelTexture(stage: Stage, texels: Uint8Array, width: number, height: number): void {
  const texture = new DataTexture(texels, width, height, RGBAFormat, UnsignedByteType);
  texture.colorSpace = SRGBColorSpace;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  stage.texture?.dispose();
  stage.texture = texture;
  stage.litMaterial.map = texture;
  stage.litMaterial.needsUpdate = true;
  stage.render();
}

export function showPreview(stage: Stage, preview: BacklitPreview, frameHex: string | null): void {
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(preview.positions, 3));
  geometry.setAttribute("uv", new BufferAttribute(preview.uvs, 2));
  geometry.setIndex(new BufferAttribute(preview.indices, 1));
  geometry.translate(-preview.widthMm / 2, -preview.heightMm / 2, 0);
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();

  setPanelTexture(stage, preview.texture, preview.textureWidth, preview.textureHeight);

  if (stage.panel) {
    stage.panel.geometry.dispose();
    stage.panel.geometry = geometry;
  } else {
    stage.panel = new Mesh(geometry, stage.litMaterial);
    stage.holder.add(stage.panel);
  }

  if (stage.frame) {
    stage.frame.geometry.dispose();
    stage.frame.geometry = frameGeometry(preview);
  } else {
    stage.frame = new Mesh(
      frameGeometry(preview),
      new MeshStandardMaterial({ color: frameHex ?? DEFAULT_FRAME_HEX, roughness: 0.55, metalness: 0.05 }),
    );
    stage.holder.add(stage.frame);
  }

  // Fit the framed panel with a margin, whatever its aspect; keep the viewer's current angle.
  const halfWidth = preview.widthMm / 2 + FRAME_WIDTH_MM;
  const halfHeight = preview.heightMm / 2 + FRAME_WIDTH_MM;
  const fov = (stage.camera.fov * Math.PI) / 180;
  const fitHeight = Math.max(halfHeight, halfWidth / Math.max(0.5, stage.camera.aspect));
  const distance = (fitHeight / Math.tan(fov / 2)) * 1.28;
  stage.distance = distance;
  if (!stage.placed) {
    stage.placed = true;
    placeCamera(stage, START_AZIMUTH, START_POLAR);
  } else {
    const spherical = new Spherical().setFromVector3(
      stage.camera.position.clone().sub(stage.controls.target),
    );
    placeCamera(stage, spherical.theta, spherical.phi);
  }
}

/** Turns the view about the panel by the given angles (radians), keeping it upright. */
export function turnStage(stage: Stage, azimuth: number, polar: number): void {
  const spherical = new Spherical().setFromVector3(stage.camera.position.clone().sub(stage.controls.target));
  const nextPolar = Math.min(Math.PI - 0.15, Math.max(0.15, spherical.phi + polar));
  placeCamera(stage, spherical.theta + azimuth, nextPolar);
}

/** The camera's place about the panel, in whole degrees (azimuth turns left/right, polar up/down). */
export function viewAngles(stage: Stage): { azimuthDeg: number; polarDeg: number } {
  const spherical = new Spherical().setFromVector3(stage.camera.position.clone().sub(stage.controls.target));
  const degrees = (radians: number) => Math.round((radians * 180) / Math.PI);
  return { azimuthDeg: degrees(spherical.theta), polarDeg: degrees(spherical.phi) };
}

export function resetStage(stage: Stage): void {
  placeCamera(stage, START_AZIMUTH, START_POLAR);
}

export function resizeStage(stage: Stage, width: number, height: number): void {
  if (width === 0 || height === 0) return;
  stage.renderer.setSize(width, height, false);
  stage.camera.aspect = width / height;
  stage.camera.updateProjectionMatrix();
  stage.render();
}

export function setFrameColour(stage: Stage, frameHex: string | null): void {
  if (!stage.frame) return;
  stage.frame.material.color.set(frameHex ?? DEFAULT_FRAME_HEX);
  stage.render();
}
