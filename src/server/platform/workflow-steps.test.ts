import { describe, expect, it } from "vitest";
import { runSteps, type WorkflowStep } from "./workflow.js";

interface Host {
  log: { error: (details: { step?: string }, message: string) => void };
}

type Step = WorkflowStep<Host, string[], string>;

/** A host whose log keeps what it was told. */
function hostWithLog(): { host: Host; logged: string[] } {
  const logged: string[] = [];
  const host: Host = {
    log: {
      error: (details: { step?: string }, message: string) => void logged.push(`${message}: ${details.step}`),
    },
  };
  return { host, logged };
}

const step = (name: string, run: Step["run"], compensate?: Step["compensate"]): Step => ({
  name,
  run,
  ...(compensate ? { compensate } : {}),
});

describe("runSteps", () => {
  it("runs the steps in order and answers what the first answering step answers", async () => {
    const { host } = hostWithLog();
    const seen: string[] = [];
    const answer = await runSteps(
      host,
      "test",
      [
        step("a", async (_h, s) => void s.push("a")),
        step("b", async (_h, s) => {
          s.push("b");
          return "done at b";
        }),
        step("c", async (_h, s) => {
          s.push("c");
          return "never";
        }),
      ],
      seen,
    );
    expect(answer).toBe("done at b");
    expect(seen).toEqual(["a", "b"]);
  });

  it("compensates the steps that ran, newest first, when a later one throws, and throws on", async () => {
    const { host, logged } = hostWithLog();
    const seen: string[] = [];
    const failure = new Error("payment page down");
    await expect(
      runSteps(
        host,
        "test",
        [
          step(
            "write",
            async () => undefined,
            async (_h, s) => void s.push("undo write"),
          ),
          step("no-undo", async () => undefined),
          step(
            "reserve",
            async () => undefined,
            async (_h, s) => void s.push("undo reserve"),
          ),
          step(
            "pay",
            async () => {
              throw failure;
            },
            async (_h, s) => void s.push("undo pay (never: it did not run)"),
          ),
        ],
        seen,
      ),
    ).rejects.toBe(failure);
    expect(seen).toEqual(["undo reserve", "undo write"]);
    expect(logged).toEqual([]);
  });

  it("logs a failing compensation by its step and still runs the others and throws the first error", async () => {
    const { host, logged } = hostWithLog();
    const seen: string[] = [];
    const failure = new Error("step failed");
    await expect(
      runSteps(
        host,
        "test",
        [
          step(
            "first",
            async () => undefined,
            async (_h, s) => void s.push("undo first"),
          ),
          step(
            "second",
            async () => undefined,
            async () => {
              throw new Error("undo failed");
            },
          ),
          step("third", async () => {
            throw failure;
          }),
        ],
        seen,
      ),
    ).rejects.toBe(failure);
    expect(seen).toEqual(["undo first"]);
    expect(logged).toEqual(["workflow compensation failed: second"]);
  });

  it("is a fault when no step answers", async () => {
    const { host } = hostWithLog();
    await expect(runSteps(host, "empty", [step("a", async () => undefined)], [])).rejects.toThrow(
      "workflow empty ended without an answer",
    );
  });
});
