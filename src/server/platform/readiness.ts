/**
 * Whether this instance should be sent traffic (GET /api/ready). main.ts creates one, passes it to
 * buildApp and marks it stopping on SIGTERM before closing the app, so a load balancer polling
 * /api/ready takes the instance out of rotation while in-flight requests finish.
 */
export interface Readiness {
  readonly stopping: boolean;
  markStopping(): void;
}

export function createReadiness(): Readiness {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    markStopping() {
      stopping = true;
    },
  };
}
