-- Drives a real headless Neovim (0.7 or >= 0.8) through editors/nvim in an empty folder, as on a
-- first day: `:MathInit SLUG` before any note exists (so before any server runs), then the new
-- PROBLEM.md as the editor shows it. Writes what it saw as JSON to $MATHLSP_E2E_OUT; every step
-- is under pcall and the script ends with qa! (or cq! on a Lua error).
--
--   nvim --headless -u NONE -i NONE -n -c "luafile nvim_init.lua"

local out = { notifications = {} }

local function finish(ok)
  local f = io.open(os.getenv("MATHLSP_E2E_OUT"), "w")
  if f then
    f:write(vim.fn.json_encode(out))
    f:close()
  end
  vim.cmd(ok and "qa!" or "cq!")
end

local function main()
  local repo = assert(os.getenv("MATHLSP_E2E_REPO"))
  local cmd = vim.fn.json_decode(assert(os.getenv("MATHLSP_E2E_CMD")))
  vim.opt.runtimepath:prepend(repo .. "/editors/nvim")
  vim.notify = function(msg, level)
    table.insert(out.notifications, { message = msg, level = level })
  end
  local mathlsp = require("mathlsp")
  mathlsp.setup({ cmd = cmd, settings = { debounceMs = 50, pollIntervalMs = 0 } })

  vim.cmd("MathInit islands")
  out.opened = vim.wait(20000, function()
    return vim.api.nvim_buf_get_name(0):match("PROBLEM%.md$") ~= nil
  end, 50)
  out.buffer = vim.api.nvim_buf_get_name(0)
  -- `-u NONE` turns filetype detection off: set it as the ftplugin would (the plugin's FileType
  -- autocommand then attaches the note to the server :MathInit started, not a second one).
  vim.bo.filetype = "markdown"
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  out.attached = vim.wait(10000, function()
    for _, c in ipairs(get()) do
      if c.name == "mathlsp" and vim.lsp.buf_is_attached(0, c.id) then
        return true
      end
    end
    return false
  end, 50)
  out.clients = 0
  for _, c in ipairs(get()) do
    if c.name == "mathlsp" then
      out.clients = out.clients + 1
    end
  end
  -- The template's draft status: PRB001 says what is missing, as the tutorial promises.
  vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  out.codes = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(out.codes, d.code)
  end
end

local ok, err = pcall(main)
if not ok then
  out.error = tostring(err)
end
finish(ok)
