" Drives Vim + ALE (headless, `vim -Nu vim_ale_e2e.vim -i NONE -n -es`) against mathlsp:
" registers the server as docs/editors.md says, opens $MATHLSP_E2E_FILE, waits for the diagnostics
" in ALE's loclist, shows :ALEHover in the preview window, and writes what it saw as JSON to
" $MATHLSP_E2E_OUT (-es has no stdout). Any error ends Vim with :cquit.
set nocompatible
set runtimepath^=/usr/share/vim-ale
let s:out = {'steps': []}

" ---- the configuration of docs/editors.md -------------------------------------------------------
function! MathlspRoot(buffer) abort
  let l:math = ale#path#FindNearestDirectory(a:buffer, '.math')
  if !empty(l:math)
    return fnamemodify(l:math, ':h:h')
  endif
  for l:marker in ['PROBLEM.md', 'LITERATURE.md']
    let l:file = ale#path#FindNearestFile(a:buffer, l:marker)
    if !empty(l:file)
      return fnamemodify(l:file, ':h')
    endif
  endfor
  return ''
endfunction
let g:ale_linters = {'markdown': ['mathlsp']}
let g:ale_hover_to_preview = 1
runtime plugin/ale.vim
call ale#linter#Define('markdown', {
\   'name': 'mathlsp',
\   'lsp': 'stdio',
\   'executable': {b -> get(g:, 'mathlsp_executable', 'mathlsp')},
\   'command': {b -> get(g:, 'mathlsp_command', '%e serve')},
\   'project_root': function('MathlspRoot'),
\})
" -------------------------------------------------------------------------------------------------

function! s:Wait(expr, ms) abort
  let l:waited = 0
  while !eval(a:expr) && l:waited < a:ms
    sleep 50m
    let l:waited += 50
  endwhile
  return eval(a:expr)
endfunction

function! s:Main() abort
  let l:cmd = json_decode($MATHLSP_E2E_CMD)
  let g:mathlsp_executable = l:cmd[0]
  let g:mathlsp_command = join(map(copy(l:cmd), 'ale#Escape(v:val)'), ' ')
  let s:out.version = v:version
  execute 'edit' fnameescape($MATHLSP_E2E_FILE)
  setfiletype markdown
  let s:out.root_dir = MathlspRoot(bufnr(''))
  ALELint
  call s:Wait('len(ale#engine#GetLoclist(bufnr("")))  >= 3', 20000)
  let s:out.diagnostics = map(copy(ale#engine#GetLoclist(bufnr(''))),
  \ {_, d -> {'lnum': d.lnum, 'col': d.col, 'type': d.type, 'code': get(d, 'code', ''), 'text': d.text}})
  call add(s:out.steps, 'diagnostics')
  call cursor(search('REF-001 gives explicit', 'n'), 1)
  call search('REF-001 gives', 'c')
  normal! 2l
  ALEHover
  call s:Wait('len(filter(range(1, winnr("$")), "getwinvar(v:val, \"&previewwindow\")")) > 0', 10000)
  let s:out.hover = []
  for l:win in range(1, winnr('$'))
    if getwinvar(l:win, '&previewwindow')
      let s:out.hover = getbufline(winbufnr(l:win), 1, '$')
    endif
  endfor
  call add(s:out.steps, 'hover')
endfunction

try
  call s:Main()
  call writefile([json_encode(s:out)], $MATHLSP_E2E_OUT)
  qall!
catch
  let s:out.error = v:exception . ' at ' . v:throwpoint
  call writefile([json_encode(s:out)], $MATHLSP_E2E_OUT)
  cquit!
endtry
