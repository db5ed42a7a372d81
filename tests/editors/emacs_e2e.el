;;; emacs_e2e.el --- drive Emacs + eglot against mathlsp, headless  -*- lexical-binding: t -*-
;;
;; emacs -Q --batch -l emacs_e2e.el
;;
;; Configures eglot exactly as docs/editors.md says (eglot-server-programs + the `.math' project
;; finder), opens LITERATURE.md ($MATHLSP_E2E_FILE), waits for mathlsp's diagnostics in flymake,
;; asks eldoc's hover function for the card of a REF mention, tries the LIT003 quick fix when the
;; server offers code actions, and writes what it saw as JSON to $MATHLSP_E2E_OUT.
;; Batch mode has no idle timers and no user: everything is called directly.

(require 'cl-lib)
(require 'json)
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (when (file-directory-p dir) (add-to-list 'load-path dir)))
(require 'eglot)

(defvar e2e-out (list))
(defun e2e-put (key value) (setq e2e-out (cons (cons key value) e2e-out)))

(defun e2e-wait (pred seconds)
  "Process LSP traffic until PRED is non-nil or SECONDS pass."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

;; The real markdown-mode (Debian's elpa-markdown-mode, which editors/install-test-editors.sh
;; installs), as a user has it: `.md' files open in it through its own auto-mode entry.
(require 'markdown-mode)
(e2e-put 'markdown_mode (locate-library "markdown-mode"))

;; ---- the configuration of docs/editors.md -------------------------------------------------------
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `((markdown-mode bibtex-mode)
                 . ,(append (json-read-from-string (getenv "MATHLSP_E2E_CMD")) nil))))
(defun mathlsp-project-find (dir)
  "The math project (the folder holding `.math/') around DIR, for eglot's workspace root."
  (let ((root (locate-dominating-file dir ".math")))
    (and root (cons 'transient (expand-file-name root)))))
(add-hook 'project-find-functions #'mathlsp-project-find)
;; -------------------------------------------------------------------------------------------------

(setq eglot-confirm-server-initiated-edits nil
      eglot-sync-connect 10
      eglot-autoshutdown t)

(defun e2e-main ()
  (e2e-put 'version emacs-version)
  (switch-to-buffer (find-file-noselect (getenv "MATHLSP_E2E_FILE")))
  (unless (derived-mode-p 'markdown-mode) (markdown-mode))
  (e2e-put 'major_mode (symbol-name major-mode))
  (apply #'eglot (eglot--guess-contact))
  (let ((server (eglot-current-server)))
    (e2e-put 'attached (and server t))
    (e2e-put 'root_dir (expand-file-name (project-root (eglot--project server))))
    (e2e-put 'code_action_provider (and (eglot--server-capable :codeActionProvider) t)))
  ;; 1. Diagnostics, as flymake shows them.
  (flymake-start)
  (e2e-wait (lambda () (flymake-diagnostics)) 20)
  (e2e-put 'diagnostics
           (vconcat
            (mapcar (lambda (d)
                      (let ((lsp (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data d)))))
                        `((line . ,(line-number-at-pos (flymake-diagnostic-beg d)))
                          (type . ,(symbol-name (flymake-diagnostic-type d)))
                          (code . ,(plist-get lsp :code))
                          (text . ,(flymake-diagnostic-text d)))))
                    (flymake-diagnostics))))
  ;; 2. Hover on a REF mention, through eglot's eldoc function.
  (goto-char (point-min))
  (search-forward "REF-001 gives explicit")
  (goto-char (+ (match-beginning 0) 2))
  (let (hover)
    (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
    (e2e-wait (lambda () hover) 10)
    (e2e-put 'hover (or hover :null)))
  ;; 3. The LIT003 quick fix, when the server offers code actions.
  (when (eglot--server-capable :codeActionProvider)
    (let* ((diag (cl-find-if (lambda (d)
                               (equal "LIT003"
                                      (plist-get (cdr (assoc 'eglot-lsp-diag
                                                             (flymake-diagnostic-data d)))
                                                 :code)))
                             (flymake-diagnostics)))
           (line (and diag (line-number-at-pos (flymake-diagnostic-beg diag)))))
      (when diag
        (goto-char (flymake-diagnostic-beg diag))
        (e2e-put 'before (buffer-substring-no-properties (line-beginning-position)
                                                         (line-end-position)))
        (condition-case err
            (eglot-code-actions (flymake-diagnostic-beg diag) (flymake-diagnostic-end diag)
                                "quickfix" t)
          (error (e2e-put 'code_action_error (error-message-string err))))
        (e2e-wait (lambda () (save-excursion
                               (goto-char (point-min)) (forward-line (1- line))
                               (looking-at "total_papers: 2")))
                  10)
        (save-excursion
          (goto-char (point-min)) (forward-line (1- line))
          (e2e-put 'after (buffer-substring-no-properties (point) (line-end-position)))))))
  (eglot-shutdown (eglot-current-server)))

(condition-case err
    (e2e-main)
  (error (e2e-put 'error (error-message-string err))))
(with-temp-file (getenv "MATHLSP_E2E_OUT")
  (insert (json-encode e2e-out)))
(kill-emacs (if (assq 'error e2e-out) 1 0))
