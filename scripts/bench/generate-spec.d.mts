// Types of generate-spec.mjs, for test/scale.test.ts.
export interface ProxmoxSpecOptions {
  name: string;
  controlPlanes?: number;
  workers: number;
  hosts?: number;
  octet?: number;
}

export declare function proxmoxSpec(options: ProxmoxSpecOptions): string;
