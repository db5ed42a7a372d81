// mathlsp for VS Code: starts `mathlsp serve` for the Markdown notes of a math project and adds
// its commands, settings and a status bar item.

import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";
import {
  ClientCapabilities,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  StaticFeature,
} from "vscode-languageclient/node";

const SECTION = "mathlsp";
const SECRET_S2_KEY = "mathlsp.semanticScholarApiKey";
const INSTALL = "pip install /path/to/mathlsp  # a checkout of the mathlsp repository";
const BACKENDS = ["arxiv", "semantic_scholar", "openalex", "crossref", "pubmed", "theoremsearch"];
// Run here, not by the server (LSP has no clipboard): the "Copy BibTeX" code action carries the
// text, {key, bibtex}. The server offers it only to a client that declares it (see start()).
const CLIENT_COPY = "mathlsp.client.copyBibtex";
// Settings that change how the server process is started: a change restarts it.
const PROCESS_SETTINGS = ["server", "endpoints", "mailto"];

type Status = { state: "idle" | "verifying" | "searching" | "waiting" | string; message?: string };

let client: LanguageClient | undefined;
let status: vscode.StatusBarItem;
let output: vscode.OutputChannel;
let context: vscode.ExtensionContext;
let lastStatus: Status = { state: "idle" };

export async function activate(ctx: vscode.ExtensionContext): Promise<void> {
  context = ctx;
  output = vscode.window.createOutputChannel("mathlsp");
  status = vscode.window.createStatusBarItem("mathlsp.status", vscode.StatusBarAlignment.Left, 0);
  status.name = "mathlsp";
  status.command = "mathlsp.client.showOutput";
  ctx.subscriptions.push(output, status);

  const command = (id: string, fn: (...args: any[]) => unknown) =>
    ctx.subscriptions.push(vscode.commands.registerCommand(id, fn));
  command("mathlsp.client.searchLiterature", searchLiterature);
  command("mathlsp.client.verifyAll", () => run("mathlsp.verifyAll", "Verify all references", [activeUri()]));
  command("mathlsp.client.verifyReference", verifyReference);
  command("mathlsp.client.resume", () => run("mathlsp.resume", "Resume", [activeUri()]));
  command("mathlsp.client.init", init);
  command("mathlsp.client.setSemanticScholarKey", setKey);
  command("mathlsp.client.clearSemanticScholarKey", async () => {
    await ctx.secrets.delete(SECRET_S2_KEY);
    vscode.window.showInformationMessage("mathlsp: the Semantic Scholar API key was removed.");
    await restart();
  });
  command("mathlsp.client.restartServer", restart);
  command("mathlsp.client.showOutput", () => output.show(true));
  command(CLIENT_COPY, copyBibtex);

  ctx.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration(SECTION)) return;
      if (PROCESS_SETTINGS.some((key) => e.affectsConfiguration(`${SECTION}.${key}`))) {
        await restart();
      } else if (client?.isRunning()) {
        client.sendNotification("workspace/didChangeConfiguration", {
          settings: { [SECTION]: serverSettings() },
        });
        showStatus(lastStatus);
      }
    }),
    ctx.secrets.onDidChange(async (e) => {
      if (e.key === SECRET_S2_KEY) await restart();
    }),
  );

  await start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

// ---- the server -------------------------------------------------------------------------------

/** The `mathlsp` settings the server understands (docs/configuration.md). */
function serverSettings(): Record<string, unknown> {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  const backends = cfg.get<Record<string, boolean>>("backends", {});
  const settings: Record<string, unknown> = {
    staleAfterDays: cfg.get("staleAfterDays"),
    debounceMs: cfg.get("debounceMs"),
    verification: cfg.get("verification"),
    confirmQueries: cfg.get("confirmQueries"),
    backends: BACKENDS.filter((name) => backends[name] !== false),
  };
  const cacheDir = cfg.get<string>("cacheDir", "");
  if (cacheDir) settings.cacheDir = cacheDir;
  return settings;
}

function onPath(exe: string): boolean {
  if (exe.includes("/") || exe.includes("\\")) return fs.existsSync(exe);
  const exts = process.platform === "win32" ? (process.env.PATHEXT ?? ".EXE").split(";") : [""];
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) =>
    exts.some((ext) => dir && fs.existsSync(path.join(dir, exe + ext))),
  );
}

/** [command, ...args] from the settings: server.command, else server.python -m mathlsp, else PATH. */
function serverCommand(): string[] {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  const cmd = cfg.get<string[]>("server.command", []).filter((s) => s);
  if (cmd.length) return cmd;
  const python = cfg.get<string>("server.python", "");
  if (python) return [python, "-m", "mathlsp", "serve"];
  return ["mathlsp", "serve"];
}

async function serverEnv(): Promise<NodeJS.ProcessEnv> {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  const env: NodeJS.ProcessEnv = { ...process.env, ...cfg.get<Record<string, string>>("server.env", {}) };
  const endpoints = cfg.get<Record<string, string>>("endpoints", {});
  for (const name of BACKENDS) {
    if (endpoints[name]) env[`MATHLSP_${name.toUpperCase()}_URL`] = endpoints[name];
  }
  const mailto = cfg.get<string>("mailto", "");
  if (mailto) env.MATHLSP_MAILTO = mailto;
  const key = await context.secrets.get(SECRET_S2_KEY);
  if (key) env.SEMANTIC_SCHOLAR_API_KEY = key;
  return env;
}

async function missingServer(cmd: string[]): Promise<void> {
  showStatus({ state: "error", message: `${cmd[0]} not found` });
  const how = `Install it with \`${INSTALL}\` (in the Python environment you want), or point the ` +
    "`mathlsp.server.python` or `mathlsp.server.command` setting at it.";
  const pick = await vscode.window.showErrorMessage(
    `mathlsp: the language server \`${cmd.join(" ")}\` was not found. ${how}`,
    "Copy install command",
    "Open settings",
  );
  if (pick === "Copy install command") await vscode.env.clipboard.writeText(INSTALL);
  if (pick === "Open settings") vscode.commands.executeCommand("workbench.action.openSettings", "mathlsp.server");
}

async function start(): Promise<void> {
  const [command, ...args] = serverCommand();
  if (!onPath(command)) return missingServer([command, ...args]);
  // No `transport`: vscode-languageclient would append `--stdio` (which `mathlsp serve` accepts).
  const serverOptions: ServerOptions = { command, args, options: { env: await serverEnv() } };
  const clientOptions: LanguageClientOptions = {
    // BibTeX files by name: VS Code has no `bibtex` language without an extension (LaTeX
    // Workshop adds one), and a pattern selects them either way.
    documentSelector: [
      { scheme: "file", language: "markdown" },
      { scheme: "file", pattern: "**/*.bib" },
    ],
    outputChannel: output,
    initializationOptions: serverSettings(),
    middleware: {
      workspace: {
        // Answer `workspace/configuration` with the server's settings only (not this extension's
        // own keys such as `server` or `endpoints`, which the server would call unknown).
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) return answers;
          return params.items.map((item, i) =>
            item.section === SECTION ? serverSettings() : answers[i],
          );
        },
      },
    },
  };
  client = new LanguageClient("mathlsp", "mathlsp", serverOptions, clientOptions);
  client.registerFeature(clientCommandsFeature);
  client.onDidChangeState((e) => {
    if (e.newState === State.Running) showStatus({ state: "idle" });
    if (e.newState === State.Stopped) showStatus({ state: "stopped" });
  });
  showStatus({ state: "starting" });
  try {
    await client.start();
  } catch (err) {
    output.appendLine(`mathlsp: the server did not start: ${err}`);
    const cause = (err as { code?: string }).code === "ENOENT" ? "" : ` (${err})`;
    await missingServer([command, ...args]);
    if (cause) output.appendLine(cause);
    return;
  }
  // Sent by the server for long work and rate-limit waits: {state, message}.
  context.subscriptions.push(client.onNotification("mathlsp/status", (params: Status) => showStatus(params)));
}

async function restart(): Promise<void> {
  const old = client;
  client = undefined;
  try {
    await old?.stop();
  } catch (err) {
    output.appendLine(`mathlsp: stopping the server: ${err}`);
  }
  await start();
}

/** Tells the server, in `capabilities.experimental.mathlsp.clientCommands`, which commands this
 * extension runs itself. */
const clientCommandsFeature: StaticFeature = {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    const experimental = (capabilities.experimental ?? {}) as Record<string, any>;
    experimental.mathlsp = { ...(experimental.mathlsp ?? {}), clientCommands: [CLIENT_COPY] };
    capabilities.experimental = experimental;
  },
  initialize(): void {},
  getState: () => ({ kind: "static" }),
  clear(): void {},
};

// ---- the status bar -----------------------------------------------------------------------------

function showStatus(s: Status): void {
  lastStatus = s;
  const verification = vscode.workspace.getConfiguration(SECTION).get<string>("verification", "onSave");
  const message = s.message ? ` — ${s.message}` : "";
  status.backgroundColor = undefined;
  switch (s.state) {
    case "verifying":
      status.text = `$(sync~spin) mathlsp: verifying${s.message ? `: ${s.message}` : ""}`;
      break;
    case "searching":
      status.text = `$(search) mathlsp: searching${s.message ? `: ${s.message}` : ""}`;
      break;
    case "waiting":
      status.text = `$(watch) mathlsp: ${s.message || "waiting (rate limit)"}`;
      status.backgroundColor = new vscode.ThemeColor("statusBarItem.warningBackground");
      break;
    case "starting":
      status.text = "$(loading~spin) mathlsp";
      break;
    case "error":
    case "stopped":
      status.text = "$(error) mathlsp";
      status.backgroundColor = new vscode.ThemeColor("statusBarItem.errorBackground");
      break;
    default:
      status.text = verification === "off" ? "$(book) mathlsp" : `$(book) mathlsp · verify ${verification}`;
  }
  status.tooltip = `mathlsp: ${s.state}${message}\nVerification: ${verification}\nClick for the server's output.`;
  status.show();
}

// ---- the commands -------------------------------------------------------------------------------

function activeUri(): string | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.uri.scheme === "file" ? doc.uri.toString() : undefined;
}

/** Run a server command; a command the server does not declare gets a clear message. */
async function run(command: string, title: string, args: unknown[]): Promise<unknown> {
  if (!client?.isRunning()) {
    vscode.window.showWarningMessage(
      "mathlsp: the language server is not running (open a note of a math project, or see the mathlsp output).",
    );
    return undefined;
  }
  const declared = client.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
  if (!declared.includes(command)) {
    vscode.window.showWarningMessage(
      `mathlsp: “${title}” is not supported by this mathlsp version (the server has no ${command} command). Upgrade it from a newer checkout with \`pip install -U /path/to/mathlsp\`.`,
    );
    return undefined;
  }
  const cleaned = args.filter((a) => a !== undefined);
  try {
    return await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: cleaned });
  } catch (err) {
    vscode.window.showErrorMessage(`mathlsp: ${title} failed: ${(err as Error).message ?? err}`);
    return undefined;
  }
}

async function searchLiterature(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : "";
  const query = await vscode.window.showInputBox({
    title: "mathlsp: Search literature",
    prompt: "A query, or leave empty to search from the problem statement",
    value: selected,
  });
  if (query === undefined) return;
  await run("mathlsp.searchLiterature", "Search literature", query ? [activeUri(), query] : [activeUri()]);
}

async function verifyReference(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  let id: string | undefined;
  if (editor) {
    const range = editor.document.getWordRangeAtPosition(editor.selection.active, /U?REF-\d+/);
    if (range) id = editor.document.getText(range);
  }
  id ??= await vscode.window.showInputBox({ title: "mathlsp: Verify a reference", prompt: "REF-NNN" });
  if (!id) return;
  await run("mathlsp.verifyReference", "Verify this reference", [activeUri(), id]);
}

/** "Copy BibTeX for REF-NNN": the code action's argument is {key, bibtex}. */
async function copyBibtex(arg?: { key?: string; bibtex?: string }): Promise<void> {
  if (!arg || typeof arg.bibtex !== "string") {
    vscode.window.showWarningMessage("mathlsp: no BibTeX to copy (run it from the code action on a REF entry).");
    return;
  }
  await vscode.env.clipboard.writeText(arg.bibtex);
  vscode.window.showInformationMessage(`mathlsp: BibTeX for ${arg.key ?? "the reference"} copied to the clipboard.`);
}

async function init(): Promise<void> {
  const slug = await vscode.window.showInputBox({
    title: "mathlsp: Init a problem",
    prompt: "The new problem's slug (its folder under .math/problems/)",
    placeHolder: "heat-bath-mixing",
    validateInput: (v) => (/^[a-z0-9][a-z0-9-]*$/.test(v) ? undefined : "lower-case letters, digits and dashes"),
  });
  if (slug) await run("mathlsp.init", "Init", [slug]);
}

async function setKey(): Promise<void> {
  const key = await vscode.window.showInputBox({
    title: "mathlsp: Semantic Scholar API key",
    prompt: "Kept in VS Code's secret storage and passed to the server as SEMANTIC_SCHOLAR_API_KEY",
    password: true,
    ignoreFocusOut: true,
  });
  if (!key) return;
  await context.secrets.store(SECRET_S2_KEY, key.trim()); // onDidChange restarts the server
  vscode.window.showInformationMessage("mathlsp: Semantic Scholar API key saved.");
}
