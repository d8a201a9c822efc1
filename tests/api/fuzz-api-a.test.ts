import { defineFuzzSuite } from "../support/fuzz-suite";

// Malformed input answered with a 4xx, never a 5xx (tests/support/fuzz-suite.ts): the mutating /api routes at even places in the corpus, and the corpus's coverage.
defineFuzzSuite({ coverage: true, api: (_name, index) => index % 2 === 0 });
