/**
 * Keeps a run's child processes and scratch directory from outliving it. Terraform is
 * started in its own process group (detached), so the stub providers it starts are in that
 * group too and one `kill(-pgid)` reaches all of them, even if Terraform itself died first.
 * SIGINT/SIGTERM/SIGHUP handlers exist only while a run is active; after cleaning up they
 * re-raise the signal so the process ends the way it would have without us.
 */

const SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export class ProcessGuard {
  private readonly groups = new Set<number>();
  private readonly cleanups: (() => void)[] = [];
  private readonly handlers = new Map<NodeJS.Signals, () => void>();

  /** Registers a process group leader (a detached child's pid). */
  trackGroup(pid: number): void {
    this.groups.add(pid);
  }

  /** Kills what is left of a group once its leader has exited (stragglers, if any). */
  releaseGroup(pid: number): void {
    killGroup(pid);
    this.groups.delete(pid);
  }

  /** Synchronous cleanup to run if a signal arrives (e.g. removing the scratch dir). */
  onSignal(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  install(): void {
    for (const signal of SIGNALS) {
      const handler = (): void => {
        this.killAll();
        for (const cleanup of this.cleanups) {
          try {
            cleanup();
          } catch {
            // best effort: we are going down anyway
          }
        }
        this.uninstall();
        // With our listener gone, this either reaches the host's own handler or, if there is
        // none, Node's default action (terminate with the signal).
        process.kill(process.pid, signal);
      };
      this.handlers.set(signal, handler);
      process.once(signal, handler);
    }
  }

  uninstall(): void {
    for (const [signal, handler] of this.handlers) process.removeListener(signal, handler);
    this.handlers.clear();
  }

  killAll(): void {
    for (const pid of this.groups) killGroup(pid);
    this.groups.clear();
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already empty.
  }
}
