// Runs a command with PostgreSQL reached through PgBouncer in transaction mode (issue 31, decision 0088): starts
// Debian's pgbouncer on a free port in front of TEST_DATABASE_URL's server, sets TEST_DATABASE_URL to go through it
// and TEST_DATABASE_DIRECT_URL to the server itself (what needs a session: migrations, the start lock, LISTEN), runs
// the command, and stops PgBouncer. `npm test` runs the review, learner and API suites this way once.
//   node scripts/with-pgbouncer.mjs npx vitest run server/test/review.test.ts
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const direct = process.env.TEST_DATABASE_URL;
if (!direct) {
  console.log("with-pgbouncer: TEST_DATABASE_URL is not set; skipped");
  process.exit(0);
}
const binary = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((p) => existsSync(p));
if (!binary) {
  console.error("with-pgbouncer: pgbouncer is not installed (apt-get install pgbouncer)");
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const url = new URL(direct);
const port = await freePort();
const dir = mkdtempSync(join(tmpdir(), "ivrit-pgbouncer-"));
chmodSync(dir, 0o777); // PgBouncer drops root for the postgres user, which writes its log and pid here
const user = decodeURIComponent(url.username || "postgres");
writeFileSync(join(dir, "users.txt"), `"${user}" "${decodeURIComponent(url.password)}"\n`);
writeFileSync(
  join(dir, "pgbouncer.ini"),
  `[databases]
* = host=${url.hostname} port=${url.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, "users.txt")}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
log_connections = 0
log_disconnections = 0
logfile = ${join(dir, "pgbouncer.log")}
pidfile = ${join(dir, "pgbouncer.pid")}
`,
);
const asRoot = process.getuid?.() === 0;
const bouncer = spawn(binary, ["-q", ...(asRoot ? ["-u", "postgres"] : []), join(dir, "pgbouncer.ini")], {
  stdio: "inherit",
});
const stop = () => {
  bouncer.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
};
// Up when it accepts a query.
const through = new URL(direct);
through.port = String(port);
let up = false;
for (let i = 0; i < 100 && !up; i++) {
  up = spawnSync("psql", [through.toString(), "-Atc", "select 1"], { encoding: "utf8" }).stdout?.trim() === "1";
  if (!up) await new Promise((r) => setTimeout(r, 100));
}
if (!up) {
  const log = existsSync(join(dir, "pgbouncer.log")) ? readFileSync(join(dir, "pgbouncer.log"), "utf8") : "";
  console.error(`with-pgbouncer: PgBouncer did not answer on port ${port}\n${log}`);
  stop();
  process.exit(1);
}
console.log(`with-pgbouncer: PgBouncer (transaction mode) on 127.0.0.1:${port} in front of ${url.host}`);
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, {
  stdio: "inherit",
  env: {
    ...process.env,
    TEST_DATABASE_URL: through.toString(),
    TEST_DATABASE_DIRECT_URL: direct,
    TEST_BACKENDS: "postgres",
  },
});
const code = await new Promise((resolve) => child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
stop();
process.exit(code);
