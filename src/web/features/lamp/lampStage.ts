/**
 * The three.js half of the lamp's preview: the shade (its relief, glowing with its lit picture), the
 * inside seen over the rim, and the LED base it stands on. Loaded with a dynamic import by LampView, so
 * three.js is a chunk of its own. Renders on demand (a change, a drag, a resize), never in a loop.
 */
import {
  AmbientLight,
  BackSide,
  BufferAttribute,
  BufferGeometry,
  CylinderGeometry,
  DataTexture,
  DirectionalLight,
  DoubleSide,
  Group,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  RepeatWrapping,
  RGBAFormat,
  Scene,
  Spherical,
  SRGBColorSpace,
  UnsignedByteType,
  Vector3,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { LampBuild } from "./lampBuild";

const PLA_WHITE = "#f4f1ea";
const BASE_COLOUR = "#2a2623";
/** The LED base: its height and how far the shade's foot sits in its socket (mm). */
const BASE_HEIGHT_MM = 24;
const SOCKET_MM = 6;
export const START_POLAR = Math.PI / 2 - 0.22;

export interface LampStage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  holder: Group;
  ambient: AmbientLight;
  key: DirectionalLight;
  wall: Mesh<BufferGeometry, MeshBasicMaterial | MeshStandardMaterial> | null;
  inside: Mesh<CylinderGeometry, MeshBasicMaterial | MeshStandardMaterial> | null;
  base: Mesh<CylinderGeometry, MeshStandardMaterial> | null;
  litMaterial: MeshBasicMaterial;
  insideLit: MeshBasicMaterial;
  unlitMaterial: MeshStandardMaterial;
  texture: DataTexture | null;
  distance: number;
  /** The azimuth that faces the middle of photo 1. */
  startAzimuth: number;
  placed: boolean;
  disposed: boolean;
  render: () => void;
}

export function createLampStage(host: HTMLDivElement): LampStage {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true, powerPreference: "low-power" });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0);
  const canvas = renderer.domElement;
  canvas.setAttribute("aria-hidden", "true");
  canvas.style.display = "block";
  canvas.style.width = "100%";
  canvas.style.height = "100%";
  host.appendChild(canvas);

  const scene = new Scene();
  const camera = new PerspectiveCamera(30, 1, 10, 5000);
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(-0.8, 1, 0.8);
  camera.add(key);
  scene.add(camera);
  const ambient = new AmbientLight(0xffffff, 0.7);
  scene.add(ambient);
  const holder = new Group();
  scene.add(holder);

  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.enableZoom = false;
  controls.enableDamping = false;
  controls.rotateSpeed = 0.7;
  controls.minPolarAngle = 0.35;
  controls.maxPolarAngle = Math.PI / 2 + 0.35;

  let frame = 0;
  const stage: LampStage = {
    renderer,
    scene,
    camera,
    controls,
    holder,
    ambient,
    key,
    wall: null,
    inside: null,
    base: null,
    litMaterial: new MeshBasicMaterial({ color: 0xffffff }),
    insideLit: new MeshBasicMaterial({ color: 0xffffff, side: BackSide }),
    unlitMaterial: new MeshStandardMaterial({
      color: PLA_WHITE,
      roughness: 0.8,
      metalness: 0,
      side: DoubleSide,
    }),
    texture: null,
    distance: 600,
    startAzimuth: 0,
    placed: false,
    disposed: false,
    render: () => {
      if (frame || stage.disposed) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!stage.disposed) renderer.render(scene, camera);
      });
    },
  };
  controls.addEventListener("change", stage.render);
  return stage;
}

function placeCamera(stage: LampStage, azimuth: number, polar: number): void {
  const offset = new Vector3().setFromSpherical(new Spherical(stage.distance, polar, azimuth));
  stage.camera.position.copy(stage.controls.target).add(offset);
  stage.camera.lookAt(stage.controls.target);
  stage.controls.update();
  stage.render();
}

function litTexture(build: LampBuild): DataTexture {
  const texture = new DataTexture(
    build.texture,
    build.textureWidth,
    build.textureHeight,
    RGBAFormat,
    UnsignedByteType,
  );
  texture.colorSpace = SRGBColorSpace;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.wrapS = RepeatWrapping;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

export function showLamp(stage: LampStage, build: LampBuild, lit: boolean): void {
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(build.positions, 3));
  geometry.setAttribute("uv", new BufferAttribute(build.uvs, 2));
  geometry.setIndex(new BufferAttribute(build.indices, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();

  const texture = litTexture(build);
  stage.texture?.dispose();
  stage.texture = texture;
  stage.litMaterial.map = texture;
  stage.litMaterial.needsUpdate = true;
  stage.insideLit.map = texture;
  stage.insideLit.needsUpdate = true;

  const { innerRadiusMm: r, outerRadiusMm: R, heightMm: h } = build;
  // The inside, seen over the rim: the same glow (the light crosses the wall either way).
  const inside = new CylinderGeometry(r, r, h, 96, 1, true);
  const base = new CylinderGeometry(R + 3, R + 5, BASE_HEIGHT_MM, 96, 1, false);
  base.translate(0, -h / 2 - BASE_HEIGHT_MM / 2 + SOCKET_MM, 0);
  if (stage.wall && stage.inside && stage.base) {
    stage.wall.geometry.dispose();
    stage.wall.geometry = geometry;
    stage.inside.geometry.dispose();
    stage.inside.geometry = inside;
    stage.base.geometry.dispose();
    stage.base.geometry = base;
  } else {
    stage.wall = new Mesh(geometry, stage.litMaterial);
    stage.inside = new Mesh(inside, stage.insideLit);
    stage.base = new Mesh(
      base,
      new MeshStandardMaterial({ color: BASE_COLOUR, roughness: 0.45, metalness: 0.2 }),
    );
    stage.holder.add(stage.wall, stage.inside, stage.base);
  }
  applyLampLighting(stage, lit);

  // Fit the shade and its base with a margin; face the middle of photo 1 at first.
  const halfHeight = (h + BASE_HEIGHT_MM) / 2 + 6;
  stage.controls.target.set(0, -BASE_HEIGHT_MM / 2 + SOCKET_MM / 2, 0);
  const fov = (stage.camera.fov * Math.PI) / 180;
  const fit = Math.max(halfHeight, (R + 5) / Math.max(0.5, stage.camera.aspect));
  stage.distance = (fit / Math.tan(fov / 2)) * 1.2 + R;
  const startAzimuth = Math.PI / build.photos;
  // A first lamp, or another number of photos: face the middle of photo 1; else keep the viewer's angle.
  if (!stage.placed || startAzimuth !== stage.startAzimuth) {
    stage.placed = true;
    stage.startAzimuth = startAzimuth;
    placeCamera(stage, stage.startAzimuth, START_POLAR);
  } else {
    const s = new Spherical().setFromVector3(stage.camera.position.clone().sub(stage.controls.target));
    placeCamera(stage, s.theta, s.phi);
  }
}

export function applyLampLighting(stage: LampStage, lit: boolean): void {
  if (stage.wall) stage.wall.material = lit ? stage.litMaterial : stage.unlitMaterial;
  if (stage.inside) stage.inside.material = lit ? stage.insideLit : stage.unlitMaterial;
  stage.ambient.intensity = lit ? 0.25 : 0.65;
  stage.key.intensity = lit ? 0.5 : 2.2;
  stage.render();
}

/** Turns the view about the lamp (radians), keeping it upright and within the controls' limits. */
export function turnLamp(stage: LampStage, azimuth: number, polar: number): void {
  const s = new Spherical().setFromVector3(stage.camera.position.clone().sub(stage.controls.target));
  const next = Math.min(stage.controls.maxPolarAngle, Math.max(stage.controls.minPolarAngle, s.phi + polar));
  placeCamera(stage, s.theta + azimuth, next);
}

export function resetLampView(stage: LampStage): void {
  placeCamera(stage, stage.startAzimuth, START_POLAR);
}

/** The camera's place about the lamp in whole degrees (for tests and the live region). */
export function lampViewAngles(stage: LampStage): { azimuthDeg: number; polarDeg: number } {
  const s = new Spherical().setFromVector3(stage.camera.position.clone().sub(stage.controls.target));
  const degrees = (radians: number) => Math.round((radians * 180) / Math.PI);
  // One name for the angle behind the lamp: 180, never -180.
  const azimuth = degrees(s.theta);
  return { azimuthDeg: azimuth === -180 ? 180 : azimuth, polarDeg: degrees(s.phi) };
}

export function resizeLampStage(stage: LampStage, width: number, height: number): void {
  if (width === 0 || height === 0) return;
  stage.renderer.setSize(width, height, false);
  stage.camera.aspect = width / height;
  stage.camera.updateProjectionMatrix();
  stage.render();
}

export function disposeLampStage(stage: LampStage): void {
  stage.disposed = true;
  stage.controls.dispose();
  stage.wall?.geometry.dispose();
  stage.inside?.geometry.dispose();
  stage.base?.geometry.dispose();
  stage.base?.material.dispose();
  stage.texture?.dispose();
  stage.litMaterial.dispose();
  stage.insideLit.dispose();
  stage.unlitMaterial.dispose();
  stage.renderer.dispose();
  stage.renderer.forceContextLoss();
  stage.renderer.domElement.remove();
}
