/**
 * The shop's server as a process of its own: from the TypeScript sources (tsx, as in development)
 * or a compiled main.js (plain node, as production runs it), its output kept for the test's
 * messages, and a wait until it answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { LOCAL_SERVICES_ENV } from "./local-services.js";
import { sleep } from "./wait.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface SpawnServerOptions {
  /** The whole environment of the process (LOCAL_SERVICES_ENV is added under it). */
  env: NodeJS.ProcessEnv;
  /** "source": tsx src/server/main.ts (the default); otherwise the path of a compiled main.js. */
  entry?: string;
  /** Node's own arguments before the entry (a compiled entry gets --enable-source-maps). */
  nodeArgs?: readonly string[];
  /** The working folder (ROOT). */
  cwd?: string;
  /** "pipe" keeps stdout and stderr for output(); "inherit" shows stderr and drops stdout. */
  stdio?: "pipe" | "inherit";
}

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it printed so far (with stdio "pipe"). */
  output(): string;
  /** kill -9, and wait until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful shutdown), SIGKILL if it is still there after `graceMs`; its exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function spawnServer(options: SpawnServerOptions): ServerProcess {
  const entry = options.entry ?? "source";
  const args =
    entry === "source"
      ? [...(options.nodeArgs ?? []), "--import", "tsx", "src/server/main.ts"]
      : [...(options.nodeArgs ?? ["--enable-source-maps"]), entry];
  const piped = (options.stdio ?? "pipe") === "pipe";
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...LOCAL_SERVICES_ENV, ...options.env },
    stdio: piped ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "inherit"],
  });
  let output = "";
  const keep = (d: unknown) => {
    output += String(d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    kill: async () => {
      if (alive(child)) child.kill("SIGKILL");
      await exited;
    },
    stop: async (graceMs = 10_000) => {
      if (!alive(child)) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface WaitForServerOptions {
  /** What is asked (/api/ready). */
  path?: string;
  timeoutMs?: number;
  intervalMs?: number;
  /** The answer waited for (any 2xx). */
  accept?: (res: Response) => boolean;
}

/** Asks `base` + path until the answer is accepted; throws with the output if the process ends. */
export async function waitForServer(
  server: ServerProcess,
  base: string,
  options: WaitForServerOptions = {},
): Promise<Response> {
  const { path: pathname = "/api/ready", timeoutMs = 150_000, intervalMs = 200 } = options;
  const accept = options.accept ?? ((res: Response) => res.ok);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive(server.child)) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${base}${pathname}`);
      if (accept(res)) return res;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`server did not answer ${pathname} in time:\n${server.output()}`);
    await sleep(intervalMs);
  }
}

/** spawnServer, then waitForServer; a server that does not come up is killed. */
export async function startServer(
  options: SpawnServerOptions & WaitForServerOptions & { base: string },
): Promise<ServerProcess> {
  const server = spawnServer(options);
  try {
    await waitForServer(server, options.base, options);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
