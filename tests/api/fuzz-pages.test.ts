import { defineFuzzSuite } from "../support/fuzz-suite";

// Malformed input answered with a 4xx, never a 5xx (tests/support/fuzz-suite.ts): the page actions.
defineFuzzSuite({ pages: true });
