// `npm start`'s entry: the process restarted once with its start-time settings (tuned-process.ts), then the server.
import { restartTuned } from "./tuned-process.ts";

restartTuned();
await import("./main.ts");
