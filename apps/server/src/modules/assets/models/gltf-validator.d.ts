// gltf-validator ships no types; this covers validateBytes as the models pipeline calls it.
declare module 'gltf-validator' {
  export interface ValidatorMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
    offset?: number;
  }
  export interface ValidationReport {
    uri?: string;
    issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidatorMessage[] };
    info?: { totalTriangleCount?: number; animationCount?: number; materialCount?: number };
  }
  export function validateBytes(
    data: Uint8Array,
    options?: {
      uri?: string;
      format?: 'glb' | 'gltf';
      maxIssues?: number;
      ignoredIssues?: string[];
      externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
    },
  ): Promise<ValidationReport>;
}
