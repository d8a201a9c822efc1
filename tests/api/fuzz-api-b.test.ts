import { defineFuzzSuite } from "../support/fuzz-suite";

// Malformed input answered with a 4xx, never a 5xx (tests/support/fuzz-suite.ts): the mutating /api routes at odd places in the corpus.
defineFuzzSuite({ api: (_name, index) => index % 2 === 1 });
