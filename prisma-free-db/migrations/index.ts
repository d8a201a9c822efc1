import type { QueryInterface } from "sequelize";
import * as initialSchema from "./001-initial-schema";

type Step = (params: { context: QueryInterface }) => Promise<void>;

// Listed by hand (not globbed) so the same list works under tsx and inside the Vite server build.
export const migrations: { name: string; up: Step; down: Step }[] = [
  { name: "001-initial-schema", ...initialSchema },
];
