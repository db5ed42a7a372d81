-- Driven by bench_nvim_large.py: a real headless Neovim (0.7 or >= 0.8) opens a large
-- LITERATURE.md through editors/nvim, waits for the first diagnostics, then types: a character
-- in a heading, one in a field, a line inserted in an entry; after each, the time until the
-- next publishDiagnostics, and a documentSymbol sent right after an edit. Writes JSON to
-- $MATHLSP_E2E_OUT; every step under pcall, ends with qa! (cq! on a Lua error).

local out = { edits = {}, errors = {} }
local published = 0

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
    end,
  })
  local t0 = now()
  vim.bo[buf].filetype = "markdown"
  out.first_diagnostics = vim.wait(120000, function()
    return published > 0
  end, 10) and (now() - t0) or nil
  out.diagnostics = #vim.diagnostic.get(buf)

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
      local params = { textDocument = vim.lsp.util.make_text_document_params(buf) }
      local ts = now()
      local res, err = client.request_sync("textDocument/documentSymbol", params, 10000, buf)
      local symbols = now() - ts
      if err or not res or res.err then
        table.insert(out.errors, { kind = kind, err = tostring(err or (res and res.err)) })
      end
      local got = vim.wait(30000, function()
        return published > before
      end, 5)
      table.insert(out.edits, {
        kind = kind,
        diagnostics = got and (now() - t) or nil,
        symbols = symbols,
      })
    end
  end
  out.diagnostics_after = #vim.diagnostic.get(buf)
end

local ok, err = pcall(main)
if not ok then
  out.error = tostring(err)
end
finish(ok)
