/**
 * Background work at the lowest CPU priority without slowing the requests: on Linux a nice value
 * belongs to a thread (setpriority on the calling task), so a worker thread that lowers its own
 * priority leaves the server's main thread, which answers the shop's requests, at its own. Elsewhere
 * the call may change the whole process or be refused; it is then left as it was.
 */
import { getPriority, setPriority } from "node:os";

/** The lowest priority (nice 19) for the calling thread; answers whether it took effect. */
export function lowerThisThreadsPriority(): boolean {
  if (process.platform !== "linux") return false;
  try {
    setPriority(19);
    return getPriority() === 19;
  } catch {
    return false;
  }
}
