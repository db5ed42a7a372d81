-- Drives a real headless Neovim (0.7 or >= 0.8) through editors/nvim: opens LITERATURE.md of a
-- problem folder, waits for mathlsp's diagnostics, hovers a REF id (the real floating window),
-- runs the LIT003 code action through vim.lsp.buf.code_action and, when the server declares
-- mathlsp.resume, runs :MathResume. Writes what it saw as JSON to $MATHLSP_E2E_OUT and never
-- stays open: every step is under pcall and the script ends with qa! (or cq! on a Lua error).
--
--   nvim --headless -u NONE -i NONE -n -c "luafile nvim_e2e.lua" LITERATURE.md

local out = { steps = {}, notifications = {} }

local function log(step)
  table.insert(out.steps, step)
end

local function finish(ok)
  local f = io.open(os.getenv("MATHLSP_E2E_OUT"), "w")
  if f then
    f:write(vim.fn.json_encode(out))
    f:close()
  end
  vim.cmd(ok and "qa!" or "cq!")
end

local function line_of(buf, pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(pattern)
    if col then
      return i, col - 1
    end
  end
end

local function float_windows()
  local wins = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      table.insert(wins, win)
    end
  end
  return wins
end

local function main()
  local repo = assert(os.getenv("MATHLSP_E2E_REPO"))
  local cmd = vim.fn.json_decode(assert(os.getenv("MATHLSP_E2E_CMD")))
  out.version = tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch
  vim.opt.runtimepath:prepend(repo .. "/editors/nvim")

  vim.notify = function(msg, level)
    table.insert(out.notifications, { message = msg, level = level })
  end

  local mathlsp = require("mathlsp")
  mathlsp.setup({ cmd = cmd, settings = { debounceMs = 50, pollIntervalMs = 0 } })

  local buf = vim.api.nvim_get_current_buf()
  -- `-u NONE` turns filetype detection off: set it as the ftplugin would (this fires the plugin's
  -- FileType autocommand, which starts the server).
  vim.bo[buf].filetype = "markdown"

  -- 1. Diagnostics.
  local got = vim.wait(20000, function()
    return #vim.diagnostic.get(buf) > 0
  end, 50)
  log("diagnostics " .. tostring(got))
  local client = mathlsp.client(buf)
  out.attached = client ~= nil
  if client then
    out.root_dir = client.config.root_dir
    local caps = client.server_capabilities or client.resolved_capabilities or {}
    out.code_action_provider = caps.codeActionProvider ~= nil and caps.codeActionProvider ~= false
    local provider = caps.executeCommandProvider
    out.commands = provider and provider.commands or {}
  end
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(out.diagnostics, {
      code = d.code or lsp.code,
      source = d.source,
      lnum = d.lnum,
      col = d.col,
      severity = d.severity,
      message = d.message,
    })
  end

  -- 2. Hover on a REF mention, through the real vim.lsp.buf.hover() floating window.
  local row, col = line_of(buf, "REF%-001 gives explicit")
  vim.api.nvim_win_set_cursor(0, { row, col + 2 })
  vim.lsp.buf.hover()
  got = vim.wait(10000, function()
    return #float_windows() > 0
  end, 50)
  log("hover " .. tostring(got))
  out.hover = {}
  for _, win in ipairs(float_windows()) do
    vim.list_extend(out.hover, vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false))
    vim.api.nvim_win_close(win, true)
  end

  -- 3. The LIT003 quick fix ("fix the frontmatter count") through vim.lsp.buf.code_action.
  out.code_action = { offered = {} }
  local lit003
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    if (d.code or lsp.code) == "LIT003" then
      lit003 = d
    end
  end
  if lit003 and not out.code_action_provider then
    log("code action skipped: the server declares no codeActionProvider")
  elseif lit003 then
    out.code_action.before = vim.api.nvim_buf_get_lines(buf, lit003.lnum, lit003.lnum + 1, false)[1]
    vim.api.nvim_win_set_cursor(0, { lit003.lnum + 1, lit003.col })
    local chosen = false
    -- The menu: pick the action that fixes LIT003 (items are {client_id, action} before 0.10,
    -- {ctx=, action=} since).
    vim.ui.select = function(items, _, on_choice)
      for _, item in ipairs(items) do
        local action = item.action or item[2]
        table.insert(out.code_action.offered, action.title)
      end
      for i, item in ipairs(items) do
        local action = item.action or item[2]
        local fixes = false
        for _, d in ipairs(action.diagnostics or {}) do
          fixes = fixes or d.code == "LIT003"
        end
        if fixes or action.title:lower():find("count") then
          chosen = true
          out.code_action.chosen = action.title
          return on_choice(item, i)
        end
      end
      return on_choice(nil, nil)
    end
    -- What a user gets from `:lua vim.lsp.buf.code_action()` on the diagnostic's line (on 0.7
    -- too: its diagnostic_vim_to_lsp keeps the LSP diagnostic's `data`, which the fix needs).
    vim.lsp.buf.code_action()
    got = vim.wait(10000, function()
      local now = vim.api.nvim_buf_get_lines(buf, lit003.lnum, lit003.lnum + 1, false)[1]
      return now ~= out.code_action.before
    end, 50)
    log("code action " .. tostring(got) .. " chosen " .. tostring(chosen))
    out.code_action.after = vim.api.nvim_buf_get_lines(buf, lit003.lnum, lit003.lnum + 1, false)[1]
  end

  -- 3b. "Copy BibTeX for REF-001" through vim.lsp.buf.code_action: the plug-in's own command
  -- (vim.lsp.commands) puts the text in the unnamed register (and `+` with a clipboard provider).
  out.copy = { offered = {} }
  vim.fn.setreg('"', "")
  row = line_of(buf, "### REF%-001")
  if row then
    vim.api.nvim_win_set_cursor(0, { row, 4 })
    vim.ui.select = function(items, _, on_choice)
      for i, item in ipairs(items) do
        local action = item.action or item[2]
        table.insert(out.copy.offered, action.title)
        if action.title == "Copy BibTeX for REF-001" then
          out.copy.command = action.command and action.command.command
          return on_choice(item, i)
        end
      end
      return on_choice(nil, nil)
    end
    vim.lsp.buf.code_action()
    got = vim.wait(10000, function()
      return vim.fn.getreg('"') ~= ""
    end, 50)
    log("copy bibtex " .. tostring(got))
    out.copy.register = vim.fn.getreg('"')
  end

  -- 4. :MathResume (a declared command) or the "not supported" message (an undeclared one).
  local dashboard = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h") .. "/DASHBOARD.md"
  if vim.tbl_contains(out.commands or {}, "mathlsp.resume") then
    vim.cmd("MathResume")
    got = vim.wait(15000, function()
      return vim.loop.fs_stat(dashboard) ~= nil and vim.api.nvim_buf_get_name(0) == dashboard
    end, 100)
    out.resume = { dashboard = vim.loop.fs_stat(dashboard) ~= nil, opened = got }
    vim.cmd("buffer " .. buf) -- back to the note for what follows
  else
    vim.cmd("MathResume")
    out.resume = { dashboard = false }
  end
  -- A command this server does not declare answers with a clear message, not silence.
  out.undeclared = mathlsp.execute("mathlsp.noSuchCommand", {})

  -- 5. A BibTeX file (written beside the notes by the test): diagnostics on open (from the
  -- cache only), :MathVerifyAll, then a hover on a confirmed entry's key.
  out.bib = { diagnostics = {}, verified = {}, hover = {} }
  vim.cmd("edit refs.bib")
  local bib = vim.api.nvim_get_current_buf()
  vim.bo[bib].filetype = "bib"
  local function bib_codes()
    local codes = {}
    for _, d in ipairs(vim.diagnostic.get(bib)) do
      local lsp = d.user_data and d.user_data.lsp or {}
      table.insert(codes, { code = d.code or lsp.code, lnum = d.lnum, message = d.message })
    end
    return codes
  end
  got = vim.wait(20000, function()
    return #vim.diagnostic.get(bib) > 0
  end, 50)
  log("bib diagnostics " .. tostring(got))
  out.bib.diagnostics = bib_codes()
  -- :MathResume's window/showDocument may have switched buffers meanwhile: back to the .bib.
  vim.api.nvim_set_current_buf(bib)
  vim.cmd("MathVerifyAll")
  got = vim.wait(20000, function()
    local codes = bib_codes()
    return #codes == 1 and codes[1].code == "BIB003"
  end, 50)
  log("bib verified " .. tostring(got))
  out.bib.verified = bib_codes()
  row, col = line_of(bib, "perelman,")
  vim.api.nvim_set_current_buf(bib)
  if row then
    vim.api.nvim_win_set_cursor(0, { row, col + 2 })
    vim.lsp.buf.hover()
    got = vim.wait(10000, function()
      return #float_windows() > 0
    end, 50)
    log("bib hover " .. tostring(got))
    for _, win in ipairs(float_windows()) do
      vim.list_extend(out.bib.hover, vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false))
      vim.api.nvim_win_close(win, true)
    end
  end
  log("done")
end

local ok, err = pcall(main)
if not ok then
  out.error = tostring(err)
end
finish(ok)
