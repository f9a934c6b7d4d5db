/**
 * `npm run admin -- grant|revoke <email>` as real processes: through a running shop on the
 * embedded database (which the CLI may not open while the shop holds it), offline on the
 * same data folder, and directly against PostgreSQL when DATABASE_URL is set.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ROLE_MESSAGES } from "../../../src/server/accounts/roles.js";
import { openDatabase } from "../../../src/server/db/client.js";
import { users } from "../../../src/server/db/schema.js";
import { DEFAULT_PASSWORD, uniqueEmail, verificationLink } from "../../support/accounts.js";
import { mergeCookies } from "../../support/cookies.js";
import { freshDatabase } from "../../support/database.js";
import { waitForMailIn } from "../../support/mail.js";
import { freePort } from "../../support/ports.js";
import { type ServerProcess, startServer } from "../../support/server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "lithobox-admin-cli-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The environment for the embedded database: no DATABASE_URL, even in the Postgres run. */
function embeddedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extra };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAILS;
  return env;
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/cli/admin.ts", ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.stderr.on("data", (d) => {
      out += String(d);
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The shop from its sources on the embedded database, as `npm run dev` runs it. */
function startShop(port: number): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  return startServer({
    base,
    path: "/api/health",
    timeoutMs: 240_000,
    env: embeddedEnv({ PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base }),
  });
}

/** Signs up, opens the verification link from the .eml file and signs in; returns the cookie. */
async function accountOnServer(base: string, email: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: base };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email,
      password: DEFAULT_PASSWORD,
      name: "Cli Test",
      firstName: "Cli",
      lastName: "Test",
    }),
  });
  expect(up.status).toBe(200);
  // The verification mail is sent after the response: wait for it.
  const mail = await waitForMailIn(path.join(dataDir, "mail"), email, 10_000);
  const verified = await fetch(verificationLink(mail), { redirect: "manual" });
  expect(verified.status).toBe(302);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return mergeCookies(undefined, signIn);
}

async function isAdmin(base: string, cookie: string): Promise<boolean> {
  const res = await fetch(`${base}/api/me`, { headers: { cookie } });
  return ((await res.json()) as { isAdmin: boolean }).isAdmin;
}

describe("npm run admin", () => {
  it("prints usage for a wrong command", async () => {
    const result = await runCli(["promote", "x@example.com"], embeddedEnv());
    expect(result.code).toBe(2);
    expect(result.out).toContain("npm run admin -- grant <email>");
  });

  it("grants and revokes through a running shop, then offline on the same data folder", {
    timeout: 600_000,
  }, async () => {
    const alice = uniqueEmail("alice");
    const bob = uniqueEmail("bob");
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startShop(port);
    try {
      const tokenFile = path.join(dataDir, "admin-token");
      expect(existsSync(tokenFile)).toBe(true);
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);

      const aliceCookie = await accountOnServer(base, alice);
      await accountOnServer(base, bob);
      expect(await isAdmin(base, aliceCookie)).toBe(false);

      // The shop holds the PGlite folder: the CLI goes through it.
      const grant = await runCli(["grant", alice.toUpperCase()], embeddedEnv());
      expect(grant).toEqual({ code: 0, out: `${ROLE_MESSAGES.granted(alice)}\n` });
      expect(await isAdmin(base, aliceCookie)).toBe(true);

      const unknown = await runCli(["grant", "nobody@example.com"], embeddedEnv());
      expect(unknown.code).toBe(1);
      expect(unknown.out).toContain(ROLE_MESSAGES.unknownEmail("nobody@example.com"));

      const last = await runCli(["revoke", alice], embeddedEnv());
      expect(last.code).toBe(1);
      expect(last.out).toContain(ROLE_MESSAGES.lastAdmin(alice));
      expect(await isAdmin(base, aliceCookie)).toBe(true);

      expect((await runCli(["grant", bob], embeddedEnv())).code).toBe(0);
      const revoke = await runCli(["revoke", alice], embeddedEnv());
      expect(revoke).toEqual({ code: 0, out: `${ROLE_MESSAGES.revoked(alice)}\n` });
      expect(await isAdmin(base, aliceCookie)).toBe(false);
    } catch (error) {
      await server.stop(60_000);
      throw new Error(`${String(error)}\nserver output:\n${server.output()}`);
    }
    expect(await server.stop(60_000)).toBe(0);
    expect(existsSync(path.join(dataDir, "admin-token"))).toBe(false);
    expect(existsSync(path.join(dataDir, ".lock"))).toBe(false);

    // Offline: the CLI opens the database itself (and holds the lock meanwhile).
    const lastOffline = await runCli(["revoke", bob], embeddedEnv());
    expect(lastOffline.code).toBe(1);
    expect(lastOffline.out).toContain(ROLE_MESSAGES.lastAdmin(bob));
    expect(await runCli(["grant", alice], embeddedEnv())).toEqual({
      code: 0,
      out: `${ROLE_MESSAGES.granted(alice)}\n`,
    });
    expect(await runCli(["revoke", bob], embeddedEnv())).toEqual({
      code: 0,
      out: `${ROLE_MESSAGES.revoked(bob)}\n`,
    });
    expect(existsSync(path.join(dataDir, ".lock"))).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const roles = await database.db.select({ email: users.email, role: users.role }).from(users);
      expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
        [alice]: "admin",
        [bob]: "user",
      });
    } finally {
      await database.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "opens PostgreSQL directly when DATABASE_URL is set",
    { timeout: 120_000 },
    async () => {
      const fresh = await freshDatabase(process.env.DATABASE_URL as string, "lithobox_cli");
      const { name } = fresh;
      const url = new URL(fresh.url);
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
      try {
        await database.migrate();
        const email = uniqueEmail("pg");
        await database.db
          .insert(users)
          .values({ id: `u-${name}`, name: "Pg User", email, emailVerified: true });
        const env = { ...embeddedEnv(), DATABASE_URL: url.toString() };
        expect(await runCli(["grant", email], env)).toEqual({
          code: 0,
          out: `${ROLE_MESSAGES.granted(email)}\n`,
        });
        const [row] = await database.db
          .select({ role: users.role })
          .from(users)
          .where(eq(users.email, email));
        expect(row?.role).toBe("admin");
        const refused = await runCli(["revoke", email], env);
        expect(refused.code).toBe(1);
      } finally {
        await database.close();
        await fresh.drop();
      }
    },
  );
});
