// Types of scripts/e2e.mjs for its unit test (tests/unit/ci-checks.test.ts).
export declare const DEBIAN_CHROMIUMS: string[];
export declare function chooseChromium(options: {
  chromiumPath: string | undefined;
  required: boolean;
  candidates?: string[];
  exists?: (file: string) => boolean;
}):
  | { chromium: string; skip?: undefined; fail?: undefined }
  | { skip: string; chromium?: undefined; fail?: undefined }
  | { fail: string; chromium?: undefined; skip?: undefined };
