// The part of js-yaml (no types of its own) that the deployment tests use to read compose.yaml.
declare module 'js-yaml' {
  /** Parses one YAML document (merge keys and anchors included) into plain values. */
  export function load(text: string): unknown;
}
