-- Driven by bench_nvim_large.py: a real headless Neovim (0.7 or >= 0.8) opens a large
-- LITERATURE.md through editors/nvim, waits for the first diagnostics, then types: a character
-- in a heading, one in a field, a line inserted in an entry; after each, the time until the
-- next publishDiagnostics, and the requests named in $MATHLSP_E2E_REQUESTS (default
-- documentSymbol; "none" sends none) sent right after an edit. Writes JSON to
-- $MATHLSP_E2E_OUT; every step under pcall, ends with qa! (cq! on a Lua error).

local out = { edits = {}, errors = {} }
local published = 0
-- When each publish reached the editor: a publish that lands while a request is awaited is
-- timed when it arrived, not when the request returned.
local published_at = {}

local function finish(ok)
  local f = io.open(os.getenv("MATHLSP_E2E_OUT"), "w")
  if f then
    f:write(vim.fn.json_encode(out))
    f:close()
  end
  vim.cmd(ok and "qa!" or "cq!")
end

local function now()
  return vim.loop.hrtime() / 1e9
end

local function line_of(buf, pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(pattern) then
      return i - 1, line
    end
  end
end

local function main()
  local repo = assert(os.getenv("MATHLSP_E2E_REPO"))
  local cmd = vim.fn.json_decode(assert(os.getenv("MATHLSP_E2E_CMD")))
  local target = tonumber(os.getenv("MATHLSP_E2E_ENTRY") or "1")
  vim.opt.runtimepath:prepend(repo .. "/editors/nvim")
  local mathlsp = require("mathlsp")
  mathlsp.setup({ cmd = cmd, settings = { debounceMs = 50, pollIntervalMs = 0 } })
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_create_autocmd("DiagnosticChanged", {
    callback = function()
      published = published + 1
      published_at[published] = now()
    end,
  })
  local t0 = now()
  vim.bo[buf].filetype = "markdown"
  out.first_diagnostics = vim.wait(120000, function()
    return published > 0
  end, 10) and (now() - t0) or nil
  out.diagnostics = #vim.diagnostic.get(buf)

  local requests = vim.split(os.getenv("MATHLSP_E2E_REQUESTS") or "documentSymbol", ",")
  if requests[1] == "none" then
    requests = {}
  end
  local id = string.format("REF%%-%03d:", target)
  local kinds = { "heading", "field", "line" }
  for round = 1, tonumber(os.getenv("MATHLSP_E2E_ROUNDS") or "5") do
    for _, kind in ipairs(kinds) do
      local row, line = line_of(buf, "^### " .. id)
      if kind == "field" then
        row = row + 1
        line = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1]
      end
      local before = published
      local t = now()
      if kind == "line" then
        vim.api.nvim_buf_set_lines(buf, row + 1, row + 1, false, { "- **Notes:** x" .. round })
      else
        vim.api.nvim_buf_set_text(buf, row, #line, row, #line, { "x" })
      end
      local client = mathlsp.client(buf)
      local times = {}
      for _, method in ipairs(requests) do
        local params = { textDocument = vim.lsp.util.make_text_document_params(buf) }
        if method ~= "documentSymbol" and method ~= "foldingRange" then
          -- hover on the entry's id, completion at the end of its field line
          local r = (method == "completion") and row + 1 or row
          params.position = { line = r, character = (method == "completion") and 4 or 5 }
        end
        local ts = now()
        local res, err = client.request_sync("textDocument/" .. method, params, 10000, buf)
        times[method] = now() - ts
        if err or not res or res.err then
          table.insert(out.errors, { kind = kind, method = method, err = tostring(err or (res and res.err)) })
        end
      end
      local got = vim.wait(30000, function()
        return published > before
      end, 5)
      table.insert(out.edits, {
        kind = kind,
        diagnostics = got and (published_at[before + 1] - t) or nil,
        requests = times,
      })
    end
  end
  out.diagnostics_after = #vim.diagnostic.get(buf)
  -- the server's peak resident memory (Linux), read before the editor stops it
  local pid = mathlsp.client(buf).rpc.pid
  local f = pid and io.open("/proc/" .. pid .. "/status")
  if f then
    out.peak_rss_kib = tonumber(f:read("*a"):match("VmHWM:%s*(%d+)"))
    f:close()
  end
end

local ok, err = pcall(main)
if not ok then
  out.error = tostring(err)
end
finish(ok)
