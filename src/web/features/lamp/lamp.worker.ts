import { buildLamp, type LampBuild, type LampBuildRequest } from "./lampBuild";

/** Builds the lamp's preview off the main thread; its typed arrays are transferred back, not copied. */
export type LampWorkerRequest = LampBuildRequest & { readonly id: number };
export type LampWorkerResponse =
  | { readonly id: number; readonly ok: true; readonly build: LampBuild }
  | { readonly id: number; readonly ok: false; readonly message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<LampWorkerRequest>) => void) | null;
  postMessage(message: LampWorkerResponse, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<LampWorkerRequest>) => {
  const { id } = event.data;
  try {
    const build = buildLamp(event.data);
    scope.postMessage({ id, ok: true, build }, [
      build.positions.buffer,
      build.uvs.buffer,
      build.indices.buffer,
      build.texture.buffer,
    ]);
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }, []);
  }
};
