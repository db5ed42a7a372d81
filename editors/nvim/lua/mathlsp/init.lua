-- mathlsp for Neovim: starts `mathlsp serve` for the Markdown notes and BibTeX files of a math
-- project.
--
--   require("mathlsp").setup({
--     cmd = { "mathlsp", "serve" },          -- or { "/path/to/python", "-m", "mathlsp", "serve" }
--     settings = { staleAfterDays = 90, verification = "onSave" },   -- the `mathlsp` section
--   })
--
-- Neovim >= 0.8 uses vim.lsp.start (one client per project root, reused across buffers);
-- Neovim 0.7 uses vim.lsp.start_client + vim.lsp.buf_attach_client. See docs/editors.md.

local M = {}

local uv = vim.loop

M.defaults = {
  -- The server command. A string is split on spaces.
  cmd = { "mathlsp", "serve" },
  filetypes = { "markdown", "bib" },
  -- Root detection: the nearest folder with `.math/` (the project) wins; otherwise the nearest
  -- folder with PROBLEM.md or LITERATURE.md (a bare problem folder).
  root_markers = { ".math" },
  problem_markers = { "PROBLEM.md", "LITERATURE.md" },
  -- The `mathlsp` settings section (docs/configuration.md): staleAfterDays, debounceMs,
  -- pollIntervalMs, verification, confirmQueries, backends, cacheDir.
  settings = {},
  init_options = nil,
  -- Extra environment for the server, e.g. { SEMANTIC_SCHOLAR_API_KEY = os.getenv("S2_KEY") }.
  cmd_env = nil,
  capabilities = nil,
  on_attach = nil,
  handlers = nil,
  -- Create :MathSearch, :MathVerify, :MathVerifyAll, :MathResume, :MathInit.
  commands = true,
}

M.config = vim.deepcopy(M.defaults)

-- The last `mathlsp/status` notification: { state = "idle"|"verifying"|"searching"|"waiting", message = "..." }.
M.state = { state = "idle", message = "" }

-- client:request(...) on Neovim >= 0.11, client.request(...) before (the dot form is deprecated).
local function call(client, method, ...)
  if vim.fn.has("nvim-0.11") == 1 then
    return client[method](client, ...)
  end
  return client[method](...)
end

local function notify(msg, level)
  vim.notify("mathlsp: " .. msg, level or vim.log.levels.INFO)
end

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function dirname(path)
  local parent = path:match("^(.*)/[^/]*$")
  if parent == "" then
    return "/"
  end
  return parent
end

local function upward(start, markers)
  local dir = start
  while dir and dir ~= "" do
    for _, marker in ipairs(markers) do
      if exists(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = dirname(dir)
    if parent == dir or parent == nil then
      return nil
    end
    dir = parent
  end
  return nil
end

--- The project root for a file path, or nil when the file is not in a math project.
function M.root_dir(path)
  if path == nil or path == "" then
    return nil
  end
  path = vim.fn.fnamemodify(path, ":p")
  local start = exists(path) and vim.fn.isdirectory(path) == 1 and path or dirname(path)
  start = start:gsub("/$", "")
  return upward(start, M.config.root_markers) or upward(start, M.config.problem_markers)
end

local function cmd_list(cmd)
  if type(cmd) == "string" then
    return vim.split(cmd, " ", { trimempty = true })
  end
  return cmd
end

M.announced = {}

local function status_handler(err, result, ctx)
  if err or type(result) ~= "table" then
    return
  end
  M.state = { state = result.state or "idle", message = result.message or "" }
  -- Waits and retries belong in the statusline; a pop-up only when a source is given up on,
  -- once per outage (until the server goes idle again).
  if M.state.state == "idle" then
    M.announced = {}
  elseif M.state.message:find("gave up", 1, true) and not M.announced[M.state.message] then
    M.announced[M.state.message] = true
    notify(M.state.message, vim.log.levels.WARN)
  end
  pcall(vim.api.nvim_exec_autocmds, "User", { pattern = "MathlspStatus", modeline = false })
  if ctx == nil then
    return
  end
  vim.cmd("redrawstatus")
end

--- A short text for the statusline, e.g. `%{v:lua.require'mathlsp'.statusline()}`.
function M.statusline()
  if M.state.state == "idle" then
    return ""
  end
  local text = "mathlsp: " .. M.state.state
  if M.state.message ~= "" then
    text = text .. " (" .. M.state.message .. ")"
  end
  return text
end

-- Commands the plug-in runs itself (LSP has no clipboard): the server puts them in code actions
-- only for a client that lists them in capabilities.experimental.mathlsp.clientCommands.
M.CLIENT_COPY = "mathlsp.client.copyBibtex"

--- "Copy BibTeX for REF-NNN": the code action's argument is { key = ..., bibtex = ... }. The text
--- goes to the unnamed register (`p` pastes it) and to `+`, the system clipboard, when Neovim has
--- a clipboard provider.
function M.copy_bibtex(command)
  local arg = command and command.arguments and command.arguments[1]
  if type(arg) ~= "table" or type(arg.bibtex) ~= "string" then
    notify("no BibTeX to copy (run it from the code action on a REF entry)", vim.log.levels.WARN)
    return
  end
  vim.fn.setreg('"', arg.bibtex, "l")
  local clipboard = vim.fn.has("clipboard") == 1 and pcall(vim.fn.setreg, "+", arg.bibtex, "l")
  notify(("BibTeX for %s copied to %s"):format(
    arg.key or "the reference",
    clipboard and "the clipboard (+) and the unnamed register" or "the unnamed register (no clipboard provider)"
  ))
end

local function capabilities(c)
  local caps = c.capabilities or vim.lsp.protocol.make_client_capabilities()
  return vim.tbl_deep_extend("force", caps, {
    experimental = { mathlsp = { clientCommands = { M.CLIENT_COPY } } },
  })
end

local function client_config(root)
  local c = M.config
  local handlers = vim.tbl_extend("force", { ["mathlsp/status"] = status_handler }, c.handlers or {})
  return {
    name = "mathlsp",
    cmd = cmd_list(c.cmd),
    cmd_env = c.cmd_env,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ":t") } },
    settings = { mathlsp = c.settings or {} },
    init_options = c.init_options,
    capabilities = capabilities(c),
    handlers = handlers,
    on_attach = c.on_attach,
    on_init = function(client)
      -- Answer workspace/configuration from `settings` and push them once at start-up.
      call(client, "notify", "workspace/didChangeConfiguration", { settings = client.config.settings })
    end,
  }
end

-- Neovim 0.7: one client per root, started by hand.
local clients_07 = {}

--- Start (or reuse) the server for buffer `bufnr` if it is a note of a math project.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  local root = M.root_dir(vim.api.nvim_buf_get_name(bufnr))
  if root == nil then
    return nil
  end
  local exe = cmd_list(M.config.cmd)[1]
  if vim.fn.executable(exe) ~= 1 then
    if not M._warned_missing then
      M._warned_missing = true
      notify(
        ("`%s` not found. Install the server with `pip install /path/to/mathlsp` (a checkout of the repository) (or set `cmd` in "
          .. "require('mathlsp').setup{})"):format(exe),
        vim.log.levels.ERROR
      )
    end
    return nil
  end
  if vim.lsp.start then
    return vim.lsp.start(client_config(root), { bufnr = bufnr })
  end
  local id = clients_07[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(client_config(root))
    clients_07[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Start a server for the folder `root` without attaching a buffer, and wait until it has
--- initialised: `:MathInit` in a folder with no `.math/` yet, where no note starts one.
function M.start_root(root)
  local exe = cmd_list(M.config.cmd)[1]
  if vim.fn.executable(exe) ~= 1 then
    notify(("`%s` not found: install the server with `pip install /path/to/mathlsp`"):format(exe), vim.log.levels.ERROR)
    return nil
  end
  local id
  if vim.fn.has("nvim-0.11") == 1 then
    id = vim.lsp.start(client_config(root), { attach = false })
  else
    id = vim.lsp.start_client(client_config(root))
    clients_07[root] = id -- reused by M.start for the notes `init` creates (0.7)
  end
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil then
    return nil
  end
  -- `initialized` is set once the server answered `initialize` (0.7 and 0.11 alike); before that
  -- 0.11's get_clients() does not list the client, so M.execute would find none.
  if not vim.wait(10000, function() return client.initialized == true end, 20) then
    notify("the server did not start within 10 s (see :LspLog)", vim.log.levels.ERROR)
    return nil
  end
  return client
end

--- The mathlsp client attached to `bufnr` (or any running one).
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  local fallback
  for _, client in ipairs(get()) do
    if client.name == "mathlsp" then
      if vim.lsp.buf_is_attached and vim.lsp.buf_is_attached(bufnr, client.id) then
        return client
      end
      fallback = fallback or client
    end
  end
  return fallback
end

--- Run a server command with `workspace/executeCommand`; `on_result(err, result)` is optional.
function M.execute(command, arguments, on_result)
  local client = M.client(0)
  if client == nil then
    notify("no mathlsp server is running for this buffer (open a note of a math project)", vim.log.levels.WARN)
    return false
  end
  local provider = client.server_capabilities and client.server_capabilities.executeCommandProvider
  local declared = provider and provider.commands or {}
  if not vim.tbl_contains(declared, command) then
    notify(("`%s` is not supported by this mathlsp version (upgrade from a newer checkout with `pip install -U /path/to/mathlsp`)"):format(command), vim.log.levels.WARN)
    return false
  end
  local params = { command = command, arguments = arguments }
  call(client, "request", "workspace/executeCommand", params, function(err, result)
    if err then
      notify(("%s failed: %s"):format(command, err.message or tostring(err)), vim.log.levels.ERROR)
    end
    if on_result then
      on_result(err, result)
    end
  end, vim.api.nvim_get_current_buf())
  return true
end

local function current_uri()
  return vim.uri_from_bufnr(vim.api.nvim_get_current_buf())
end

local function ref_under_cursor()
  local word = vim.fn.expand("<cWORD>")
  return word:match("U?REF%-%d+")
end

-- Open `path` in this window (a split when the buffer has unsaved changes) unless it is the
-- current buffer: Neovim 0.7 has no window/showDocument, so the server only says where it wrote.
local function show(path)
  vim.schedule(function()
    if vim.api.nvim_buf_get_name(0) ~= path and vim.loop.fs_stat(path) then
      vim.cmd((vim.bo.modified and "split " or "edit ") .. vim.fn.fnameescape(path))
    end
  end)
end

local function create_commands()
  local cmd = vim.api.nvim_create_user_command
  cmd("MathSearch", function(o)
    local args = { current_uri() }
    if o.args ~= "" then
      table.insert(args, o.args)
    end
    M.execute("mathlsp.searchLiterature", args)
  end, { nargs = "?", desc = "mathlsp: search the literature (optionally for QUERY)" })
  cmd("MathVerify", function(o)
    if vim.bo.filetype == "bib" then -- a BibTeX key as argument, else the whole file
      return M.execute("mathlsp.verifyBib", o.args ~= "" and { current_uri(), o.args } or { current_uri() })
    end
    local id = o.args ~= "" and o.args or ref_under_cursor()
    if id then
      M.execute("mathlsp.verifyReference", { current_uri(), id })
    else
      M.execute("mathlsp.verifyAll", { current_uri() })
    end
  end, { nargs = "?", desc = "mathlsp: verify REF-NNN (or the one under the cursor, or all)" })
  cmd("MathVerifyAll", function()
    if vim.bo.filetype == "bib" then
      return M.execute("mathlsp.verifyBib", { current_uri() })
    end
    M.execute("mathlsp.verifyAll", { current_uri() })
  end, { nargs = 0, desc = "mathlsp: verify all references" })
  cmd("MathResume", function()
    M.execute("mathlsp.resume", { current_uri() }, function(err, result)
      if err or type(result) ~= "table" or type(result.dashboard) ~= "string" then
        return
      end
      show(vim.uri_to_fname(result.dashboard))
    end)
  end, { nargs = 0, desc = "mathlsp: regenerate DASHBOARD.md and open it" })
  cmd("MathInit", function(o)
    -- In a new, empty folder no note has started a server: start one for the working directory,
    -- where `init` creates `.math/` (as `mathlsp init` does from the terminal).
    if M.client(0) == nil and M.start_root(vim.fn.getcwd()) == nil then
      return
    end
    M.execute("mathlsp.init", o.args ~= "" and { o.args } or {}, function(err, result)
      if err or type(result) ~= "table" or not result.applied or type(result.problem) ~= "string" then
        return
      end
      show(vim.uri_to_fname(result.problem))
    end)
  end, { nargs = "?", desc = "mathlsp: create a problem folder (SLUG)" })
end

function M.setup(opts)
  -- What a code action's command runs when it is one of ours (vim.lsp.commands: every version).
  vim.lsp.commands[M.CLIENT_COPY] = M.copy_bibtex
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  if opts and opts.cmd then
    M.config.cmd = opts.cmd -- lists are replaced, not merged
  end
  local group = vim.api.nvim_create_augroup("mathlsp", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      M.start(args.buf)
    end,
  })
  if M.config.commands then
    create_commands()
  end
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.tbl_contains(M.config.filetypes, vim.bo[buf].filetype) then
      M.start(buf)
    end
  end
end

M._call = call

return M
